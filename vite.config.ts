import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client lives in client/ and is built into dist/client, which the server serves.
export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev`: the API server runs beside Vite on API_PORT.
    proxy: Object.fromEntries(
      ['/graphql', '/api', '/uploads', '/healthz'].map((prefix) => [
        prefix,
        `http://localhost:${process.env.API_PORT ?? 3001}`,
      ]),
    ),
  },
});

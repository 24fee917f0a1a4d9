import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { reportWeight } from './client/build/report-weight.ts';

// The client lives in client/ and is built into dist/client, which the server serves.
export default defineConfig({
  root: 'client',
  plugins: [react(), reportWeight()],
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

// The site's mark, drawn in the page itself rather than loaded as an <img>. A browser gives every SVG
// picture a document of its own, and making and laying out that document was one task of 40 to 55 ms
// on every page load here (Chromium's trace, no throttling): at a phone's speed, a long task of
// 160 to 220 ms after the first paint, before the app had even started.
export function LogoMark() {
  return (
    <svg className="site-logo-mark" width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#3f3f46" />
      <path
        d="M10 11.5h20a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H19l-5.5 4.5v-4.5H10a3 3 0 0 1-3-3v-9a3 3 0 0 1 3-3z"
        fill="none"
        stroke="#fafaf9"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M20 13.6c.5 3.7 1.7 4.9 5.4 5.4-3.7.5-4.9 1.7-5.4 5.4-.5-3.7-1.7-4.9-5.4-5.4 3.7-.5 4.9-1.7 5.4-5.4z"
        fill="#e0b15e"
      />
    </svg>
  );
}

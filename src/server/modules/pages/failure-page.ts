import type { PageTemplate } from './page-template.ts';

// A page that could not be rendered answers this: 503 when the database is away, 500 when a component threw;
// plain words and a way on, never a stack trace. No script: the app would only fail again.
const FAILURE_HTML = `<main style="max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center;font-family:system-ui,sans-serif">
<h1 style="font-size:1.5rem;font-weight:700">Something went wrong</h1>
<p style="margin-top:.5rem;color:#4b5563">We couldn't show this page just now. Please try again in a moment.</p>
<p style="margin-top:2rem"><a href="/" style="color:#1e40af;text-decoration:underline">Back to Home</a></p>
</main>`;

export function failurePage(template: PageTemplate): string {
  const withoutScripts = template.shell.replace(/\s*<script[\s\S]*?<\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  return withoutScripts
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/<head>/, '<head>\n    <title>Something went wrong</title>\n    <meta name="robots" content="noindex" />')
    .replace('<div id="root"></div>', `<div id="root">${FAILURE_HTML}</div>`);
}

/**
 * The one layout every e-mail is wrapped in (decision 060), written in MJML and compiled by the mjml package into
 * the table layout, conditional comments and inlined styles that Outlook, Gmail and Apple Mail render alike.
 * Compiled once per process, on the first e-mail (mjml takes about half a second to load, so the shop does not
 * pay it at start-up); the slots are then filled by string replacement, which costs nothing per e-mail.
 */
type Slot = 'TITLE' | 'SHOP' | 'HEADING' | 'BODY' | 'FOOTER';

const SOURCE = `<mjml lang="en">
  <mj-head>
    <mj-title>%%TITLE%%</mj-title>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#1f2937" font-size="15px" line-height="1.5" padding="0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-wrapper padding="24px 12px">
      <mj-section background-color="#1e40af" border-radius="8px 8px 0 0" padding="16px 24px">
        <mj-column><mj-text color="#ffffff" font-size="20px" font-weight="bold">%%SHOP%%</mj-text></mj-column>
      </mj-section>
      <mj-section background-color="#ffffff" border-radius="0 0 8px 8px" padding="24px">
        <mj-column>
          <mj-text><h1 style="font-size:22px;margin:0 0 16px;">%%HEADING%%</h1></mj-text>
          <mj-text>%%BODY%%</mj-text>
        </mj-column>
      </mj-section>
      <mj-section padding="12px 24px">
        <mj-column><mj-text align="center" color="#6b7280" font-size="12px">%%FOOTER%%</mj-text></mj-column>
      </mj-section>
    </mj-wrapper>
  </mj-body>
</mjml>`;

let compiled: string | null = null;
let compiling: Promise<void> | null = null;

/** Compiles the layout once; every send path awaits it before rendering (a no-op after the first time). */
export function loadEmailShell(): Promise<void> {
  compiling ??= (async () => {
    const { default: mjml2html } = await import('mjml');
    const result = await mjml2html(SOURCE, { validationLevel: 'strict', keepComments: false });
    compiled = result.html;
  })().catch((error: unknown) => {
    compiling = null; // a failed load is tried again by the next e-mail
    throw error;
  });
  return compiling;
}

/** The compiled layout with its slots filled (values already HTML); one pass, so a value is never read as a slot. */
export function fillEmailShell(values: Record<Slot, string>): string {
  if (compiled === null) throw new Error('fillEmailShell: await loadEmailShell() first');
  return compiled.replace(/%%(TITLE|SHOP|HEADING|BODY|FOOTER)%%/g, (_, slot: Slot) => values[slot]);
}

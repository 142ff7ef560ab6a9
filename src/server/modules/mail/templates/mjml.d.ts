// mjml 5 ships no types; the one call the e-mail layout makes (decision 060).
declare module 'mjml' {
  interface MjmlResult {
    html: string;
    errors: Array<{ line: number; message: string; tagName: string; formattedMessage: string }>;
  }
  export default function mjml2html(source: string, options?: { validationLevel?: 'strict' | 'soft' | 'skip'; keepComments?: boolean }): Promise<MjmlResult>;
}

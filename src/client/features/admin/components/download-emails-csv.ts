/** Users: "pickleball-user-emails-<ISO date>.csv", one e-mail per line. */
export function emailsCsvFileName(now = new Date()): string {
  return `pickleball-user-emails-${now.toISOString().slice(0, 10)}.csv`;
}

/** Hands the browser a CSV file to save. */
export function downloadEmailsCsv(emails: string[], now = new Date()): void {
  const blob = new Blob([`${emails.join('\n')}\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = emailsCsvFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  // revoked after the click has been handled, or some browsers save nothing
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

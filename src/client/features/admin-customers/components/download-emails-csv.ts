/** Users: "pickleball-user-emails-<ISO date>.csv". */
export function emailsCsvFileName(now = new Date()): string {
  return `pickleball-user-emails-${now.toISOString().slice(0, 10)}.csv`;
}

/** Hands the browser a CSV file to save: the server's customer export, header row first. */
export function downloadCsv(csv: string, fileName: string): void {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked after the click has been handled, or some browsers save nothing
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A search term matched literally anywhere in a column: LIKE's own wildcards (% _) and its escape (\) lose their meaning. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

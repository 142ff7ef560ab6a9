/** One line of the budget table: `reported` is a figure the issue sets no limit for, shown as measured. */
export interface BudgetRow {
  budget: string;
  figure: string;
  pass: boolean | 'reported' | null;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CouponReport,
  InventoryReport,
  RecoveredReport,
  ReportRange,
  ReportTable,
  ReturnsReport,
  SalesReport,
  TaxReport,
  TopQuery,
  TopReport,
} from '#common/schemas/reports.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { toCsv } from '#server/http/csv.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { couponReport, refundsReport, returnsReport, taxReport, topReport } from './breakdown-reports.ts';
import { inventoryReport } from './inventory-report.ts';
import { recoveredReport } from './recovered-report.ts';
import { catchUpReports } from './report-rollup.ts';
import { reportCsv } from './report-tables.ts';
import type { ReportsDeps } from './reports-deps.ts';
import { salesReport } from './sales-report.ts';

const invalidRange = { invalidInput: { querystring: 'Invalid report range' } };
const rangeDescription = 'from and to (YYYY-MM-DD, both counted, shop time zone), at most 5 years; interval day, week or month.';

/** The Reports tab: figures from the daily roll-ups, brought up to date before each read (decision 051). */
export const reportRoutes: FastifyPluginAsyncZod<ReportsDeps> = async (app, { db }) => {
  sendNoStore(app);
  const options = <Query extends z.ZodType, Answer extends z.ZodType>(summary: string, querystring: Query, answer: Answer) => ({
    onRequest: requireAdmin,
    config: invalidRange,
    schema: { summary, description: rangeDescription, querystring, response: { 200: answer, ...errorResponses } },
    // every report reads roll-ups brought up to date first
    preHandler: async () => catchUpReports(db),
  });

  app.get('/admin/reports/sales', options('Sales, orders, units and customers per period, with the period before', ReportRange, SalesReport), async (request) =>
    salesReport(db, request.query),
  );
  app.get('/admin/reports/top', options('Best sellers: products, variants, brands or product types', TopQuery, TopReport), async (request) => ({
    by: request.query.by,
    rows: await topReport(db, request.query, request.query.by),
  }));
  app.get('/admin/reports/returns', options('Returns by product and reason, refunds by reason', ReportRange, ReturnsReport), async (request) => ({
    returns: await returnsReport(db, request.query),
    refunds: await refundsReport(db, request.query),
  }));
  app.get('/admin/reports/coupons', options('Coupon uses, discount given and sales with each', ReportRange, CouponReport), async (request) => ({
    rows: await couponReport(db, request.query),
  }));
  app.get('/admin/reports/tax', options('Sales tax by month and state', ReportRange, TaxReport), async (request) => ({
    rows: await taxReport(db, request.query),
  }));
  app.get(
    '/admin/reports/recovered',
    options('Checkouts recovered after an abandoned-checkout reminder: orders and revenue', ReportRange, RecoveredReport),
    async (request) => recoveredReport(db, request.query),
  );
  app.get(
    '/admin/reports/inventory',
    { ...options('Stock, value at cost, sell-through, days of cover and the low-stock list', z.object({}), InventoryReport), config: {} },
    async () => inventoryReport(db),
  );

  app.get(
    '/admin/reports/:table/export.csv',
    {
      onRequest: requireAdmin,
      config: invalidRange,
      schema: {
        summary: 'One report table as CSV',
        description: `Answered as text/csv. ${rangeDescription} The inventory tables ignore the range.`,
        params: z.object({ table: ReportTable }),
        querystring: ReportRange,
        response: { 200: z.string().describe('CSV text'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { header, rows } = await reportCsv(db, request.params.table, request.query);
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${request.params.table}-${from}-to-${to}.csv"`)
        .send(toCsv(header, rows));
    },
  );
};

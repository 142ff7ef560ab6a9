import type { FastifyBaseLogger } from 'fastify';
import type { OrderView } from '#common/schemas/orders.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import type { Actor } from './order-lifecycle.ts';
import type { OrderLinks } from './order-link-service.ts';

/** What the orders routes are handed by the composition root; each plugin takes the part it uses. */
export interface OrdersDeps {
  db: Database;
  /** the guest lookup shares the sign-in rate limit */
  config: Pick<Config, 'AUTH_RATE_LIMIT'>;
  mail: MailService;
  /** signed links to a customer's order page */
  orderLinks: OrderLinks;
  /**
   * The cancel (refund, restock, e-mail) is a payments workflow, which itself builds on orders: handed in
   * here instead of imported, so the modules depend one way only.
   */
  cancelOrder: (orderId: number, actor: Actor, log?: FastifyBaseLogger) => Promise<OrderView>;
}

import type { FastifyReply } from 'fastify';
import { sendUnsubscribedPage, sendUnsubscribePage } from '#server/http/one-click-unsubscribe.ts';

export function unsubscribePage(reply: FastifyReply, token: string): FastifyReply {
  return sendUnsubscribePage(reply, {
    heading: 'Unsubscribe from this alert?',
    body: 'You will get no back-in-stock e-mail for this item.',
    action: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
  });
}

export const unsubscribedPage = (reply: FastifyReply) => sendUnsubscribedPage(reply, 'You will get no e-mail for this alert.');

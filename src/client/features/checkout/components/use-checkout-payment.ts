import { useState } from 'react';
import type { CreatePaymentIntentInput, CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCreatePaymentIntent } from '../api/create-payment-intent.ts';

interface StoredPayment {
  result: CreatePaymentIntentResult;
  /** the order the payment was created for: any change of it needs a new payment */
  orderKey: string;
}

interface CheckoutOrder {
  /** the address, customer, lines and coupon as one key */
  key: string;
  /** the create-payment-intent body for the cart as it is now */
  request: () => CreatePaymentIntentInput;
  /** the server refused or priced the order differently: the page re-reads its lines so it shows the shop's figures */
  refreshLines: () => void;
  /** the gift cards paid the whole order (decision 071): there is no card step, the order is placed and paid */
  paidByGiftCards: (paymentReference: string) => void;
}

/**
 * The payment for the order on the page. A payment belongs to the order it was made for: once the
 * order changes it is no longer offered. After a decline a new payment is made at once for the next
 * card, and the reason the previous one closed is kept to show beside the form.
 */
export function useCheckoutPayment(order: CheckoutOrder) {
  const createPayment = useCreatePaymentIntent();
  const [payment, setPayment] = useState<StoredPayment | null>(null);
  // why the previous payment closed (a declined card): shown beside the new card form
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  /** Asks the server for a payment for the cart as it is now; it replaces this cart's earlier unpaid one. */
  function start() {
    const key = order.key;
    const body = order.request();
    createPayment.mutate(body, {
      onSuccess: (result) => {
        if (result.paid) {
          order.paidByGiftCards(result.paymentIntentId);
          return;
        }
        setPayment({ result, orderKey: key });
        if (result.amount !== body.amount) order.refreshLines();
      },
      onError: (error) => {
        order.refreshLines();
        setPayment(null);
        setClosedMessage(null);
        toast({ title: 'Error initializing payment', description: error.message || 'Please try again later.', variant: 'destructive' });
      },
    });
  }

  /** The card was declined (or the payment closed): a new payment is ready for the next card at once. */
  function closed(message: string) {
    setClosedMessage(message);
    start();
  }

  /** The shopper is changing the card: the previous card's decline no longer applies. */
  function cardEdited() {
    setClosedMessage(null);
  }

  /** The order was paid: nothing is left to show. */
  function reset() {
    setPayment(null);
    setClosedMessage(null);
  }

  return {
    current: payment && payment.orderKey === order.key ? payment.result : null,
    closedMessage,
    preparing: createPayment.isPending,
    start,
    closed,
    cardEdited,
    reset,
  };
}

import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { formatCents } from '#common/money.ts';
import { ListTable, PagedList } from '#client/components/admin/paged-list.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { GIFT_CARDS_PAGE_SIZE, useGiftCards } from '../api/gift-cards-admin.ts';
import { GiftCardDetail } from '../components/gift-card-detail.tsx';
import { IssueGiftCardForm } from '../components/issue-gift-card-form.tsx';

const SOURCES = { admin: 'By hand', purchase: 'Bought', 'store-credit': 'Store credit' } as const;

function GiftCardList() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useGiftCards(page, q.trim());
  return (
    <section aria-labelledby="cards-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="cards-heading" className="text-xl font-bold text-gray-900">
          Gift cards
        </h2>
        <Input
          type="search"
          aria-label="Find a gift card"
          placeholder="Last four, recipient name or e-mail"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
          className="w-full sm:w-72"
        />
      </div>
      <PagedList
        list={list}
        loadingLabel="Loading the gift cards"
        empty={q ? 'No gift card matches.' : 'No gift cards yet.'}
        pager={{ label: 'Gift card pages', page, pageSize: GIFT_CARDS_PAGE_SIZE, onPageChange: setPage }}
      >
        {(cards) => (
          <ListTable
            head={
              <>
                <th className="px-3 py-2 font-semibold">Card</th>
                <th className="px-3 py-2 text-right font-semibold">Balance</th>
                <th className="px-3 py-2 font-semibold">Status</th>
                <th className="hidden px-3 py-2 font-semibold sm:table-cell">Recipient</th>
                <th className="hidden px-3 py-2 font-semibold md:table-cell">Issued</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Ledger</span>
                </th>
              </>
            }
          >
            {cards.map((card) => (
              <Fragment key={card.id}>
                <tr className="border-t border-gray-100">
                  <td className="px-3 py-2 font-mono whitespace-nowrap text-gray-900">…{card.last4}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatCents(card.balanceCents)}
                    <span className="block text-xs text-gray-600">of {formatCents(card.initialCents)}</span>
                  </td>
                  <td className="px-3 py-2">
                    <Badge variant={card.status === 'active' ? 'success' : 'destructive'}>{card.status === 'active' ? 'Active' : 'Disabled'}</Badge>
                  </td>
                  <td className="hidden px-3 py-2 break-all sm:table-cell">
                    {card.recipientName ?? ''}
                    {card.recipientEmail ? <span className="block text-xs text-gray-600">{card.recipientEmail}</span> : null}
                  </td>
                  <td className="hidden px-3 py-2 whitespace-nowrap md:table-cell">
                    {new Date(card.createdAt).toLocaleDateString()} · {SOURCES[card.source]}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-expanded={openId === card.id}
                      aria-label={`${openId === card.id ? 'Close' : 'Open'} the card ending in ${card.last4}`}
                      onClick={() => setOpenId((current) => (current === card.id ? null : card.id))}
                    >
                      {openId === card.id ? 'Close' : 'Open'}
                    </Button>
                  </td>
                </tr>
                {openId === card.id ? (
                  <tr className="bg-gray-50">
                    <td colSpan={6} className="px-3 py-4">
                      <GiftCardDetail id={card.id} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </ListTable>
        )}
      </PagedList>
    </section>
  );
}

/** /admin/gift-cards: issue a card by hand, and each card's balance, status and ledger (decision 059). */
export default function AdminGiftCardsPage() {
  useDocumentTitle('Gift cards');
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Gift cards</h1>
        <p className="mt-1 text-sm text-gray-700">Codes are shown once, when issued; the shop keeps only their last four characters.</p>
      </div>
      <IssueGiftCardForm />
      <GiftCardList />
    </div>
  );
}

import { useState } from 'react';
import { formatPrice } from '#common/money.ts';
import { discountRuleWords } from '#common/discount-words.ts';
import type { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { formatDate } from '#client/lib/format.ts';
import { ConfirmDeleteDialog } from '#client/components/admin/confirm-delete-dialog.tsx';
import { useCoupons } from '../api/get-coupons.ts';
import { useDeleteCoupon } from '../api/delete-coupon.ts';

/** Breaks, buy X get Y and free shipping have no amount of their own: their rule says what they take off. */
function amountText(coupon: AdminCoupon): string {
  if (coupon.quantityBreaks.length > 0 || coupon.buyXGetY || coupon.type === 'free_shipping') return '—';
  return coupon.type === 'percentage' ? `${Number(coupon.amount)}%` : formatPrice(coupon.amount);
}

function typeText(coupon: AdminCoupon): string {
  if (coupon.buyXGetY) return 'buy X get Y';
  if (coupon.quantityBreaks.length > 0) return 'quantity breaks';
  return coupon.type === 'free_shipping' ? 'free shipping' : coupon.type;
}

function validityText(coupon: AdminCoupon): string {
  const from = coupon.validFrom ? formatDate(coupon.validFrom, 'medium') : 'any time';
  const to = coupon.validTo ? formatDate(coupon.validTo, 'medium') : 'no end';
  return `${from} – ${to}`;
}

/** Coupons and automatic discounts with code (or title), type, amount, rule in words, uses (0 = unlimited), validity and active flag. */
export function CouponList({ onEdit }: { onEdit: (coupon: AdminCoupon) => void }) {
  const coupons = useCoupons();
  const remove = useDeleteCoupon();
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Coupons ({coupons.data?.length ?? 0})</CardTitle>
      </CardHeader>
      <CardContent>
        {coupons.isLoading ? (
          <Spinner label="Loading coupons" />
        ) : coupons.isError ? (
          <p role="alert" className="text-red-700">
            {coupons.error.message}
          </p>
        ) : (coupons.data ?? []).length === 0 ? (
          <p className="text-gray-600">No coupons yet.</p>
        ) : (
          <div className="relative -mx-2 overflow-x-auto">
            {/* relative: the sr-only caption and header cells are placed inside this scroll box, not past the page edge */}
            <table className="w-full min-w-[52rem] text-left text-sm">
              <caption className="sr-only">Coupons</caption>
              <thead className="border-b border-gray-200 text-gray-600">
                <tr>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Code
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Type
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Rule
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Uses
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Valid
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {(coupons.data ?? []).map((coupon) => (
                  <tr key={coupon.id} data-testid={`coupon-row-${coupon.code}`}>
                    <td className="px-2 py-2">
                      {coupon.kind === 'automatic' ? (
                        // a drawn code is never typed (decision 058): the owner knows it by its title
                        <span className="flex flex-col items-start gap-1">
                          <span className="font-semibold text-gray-900">{coupon.title}</span>
                          <Badge variant="secondary">Automatic</Badge>
                        </span>
                      ) : (
                        <span className="font-mono font-semibold text-gray-900">{coupon.code}</span>
                      )}
                    </td>
                    <td className="px-2 py-2 capitalize">{typeText(coupon)}</td>
                    <td className="px-2 py-2">{amountText(coupon)}</td>
                    <td className="max-w-[18rem] px-2 py-2 text-gray-700">{discountRuleWords(coupon)}</td>
                    <td className="px-2 py-2">
                      {coupon.kind === 'automatic' ? 'automatic' : `${coupon.timesUsed}/${coupon.usageLimit === 0 ? 'unlimited' : coupon.usageLimit}`}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">{validityText(coupon)}</td>
                    <td className="px-2 py-2">{coupon.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</td>
                    <td className="px-2 py-2">
                      <div className="flex justify-end gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => onEdit(coupon)}
                          aria-label={`Edit ${coupon.kind === 'automatic' ? coupon.title : coupon.code}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="destructive"
                          onClick={() => setDeleting(coupon)}
                          aria-label={`Delete ${coupon.kind === 'automatic' ? coupon.title : coupon.code}`}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        question="Are you sure you want to delete this coupon?"
        subject={deleting ? (deleting.kind === 'automatic' ? deleting.title : deleting.code) : null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Card>
  );
}

import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import { MAX_SAVED_ADDRESSES, US_STATES } from '#common/constants.ts';
import type { SavedAddress } from '#common/schemas/addresses.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Skeleton, SkeletonRegion } from '#client/components/ui/skeleton.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useSavedAddresses } from '../api/get-saved-addresses.ts';
import { useMakeDefaultAddress } from '../api/save-address.ts';

const stateNames = new Map<string, string>(US_STATES);

// The form (react-hook-form with it) loads when an address is added or edited, not with the profile page (decision 068).
const LazyAddressForm = lazy(() => import('./address-form.tsx').then((module) => ({ default: module.AddressForm })));

function AddressForm(props: ComponentProps<typeof LazyAddressForm>) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyAddressForm {...props} />
    </Suspense>
  );
}

/** "12 Baseline Rd": how the buttons name the address they act on, for a screen reader's list of buttons. */
const shortName = (address: SavedAddress) => address.street;

function AddressLines({ address }: { address: SavedAddress }) {
  return (
    <address className="text-sm leading-6 text-gray-700 not-italic">
      <span className="block font-medium text-gray-900">{address.fullName}</span>
      <span className="block">{address.street}</span>
      <span className="block">
        {address.city},{' '}
        <span className="whitespace-nowrap">
          <abbr title={stateNames.get(address.state)}>{address.state}</abbr> {address.zip}
        </span>
      </span>
      {address.phone ? <span className="block">{address.phone}</span> : null}
    </address>
  );
}

/** The profile's address book: add, edit, delete, and choose the default shipping address checkout offers first. */
export function AddressBook() {
  const addresses = useSavedAddresses(true);
  const makeDefault = useMakeDefaultAddress();
  const remove = useDeleteAddress();
  // the address being edited, 'new' for the add form, or none
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());

  // back to the button that opened the form, so keyboard users keep their place
  const returnFocusTo = useRef<number | 'new' | null>(null);
  const closeForm = () => {
    returnFocusTo.current = editing;
    setEditing(null);
  };
  // once the list is drawn without the form: the edited address's button comes back with it (a frame's wait was
  // not always enough when the form closed after a save's answer rather than a click)
  useEffect(() => {
    const opened = returnFocusTo.current;
    if (editing !== null || opened === null) return;
    returnFocusTo.current = null;
    ((typeof opened === 'number' ? editButtons.current.get(opened) : undefined) ?? addButton.current)?.focus();
  }, [editing]);

  if (addresses.isLoading) {
    return (
      <SkeletonRegion label="Loading your addresses" className="grid gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </SkeletonRegion>
    );
  }
  if (addresses.isError) {
    return (
      <LoadError title="We couldn't load your addresses" error={addresses.error} onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />
    );
  }

  const list = addresses.data?.addresses ?? [];
  const full = list.length >= MAX_SAVED_ADDRESSES;

  return (
    <div className="grid gap-4">
      {list.length === 0 && editing !== 'new' ? <p className="text-gray-700">No saved addresses yet.</p> : null}
      {list.length > 0 ? (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Saved addresses">
          {list.map((address) =>
            editing === address.id ? (
              <li key={address.id} className="md:col-span-2">
                <AddressForm address={address} firstAddress={false} onDone={closeForm} />
              </li>
            ) : (
              <li key={address.id} className="flex flex-col justify-between gap-3 rounded-lg border border-gray-200 p-4">
                <div className="flex items-start justify-between gap-3">
                  <AddressLines address={address} />
                  {address.isDefaultShipping ? <Badge variant="secondary">Default shipping</Badge> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    ref={(element) => {
                      if (element) editButtons.current.set(address.id, element);
                      else editButtons.current.delete(address.id);
                    }}
                    aria-label={`Edit ${shortName(address)}`}
                    onClick={() => setEditing(address.id)}
                  >
                    Edit
                  </Button>
                  <Button type="button" variant="outline" size="sm" aria-label={`Delete ${shortName(address)}`} onClick={() => setDeleting(address)}>
                    Delete
                  </Button>
                  {address.isDefaultShipping ? null : (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Set as default: ${shortName(address)}`}
                      disabled={makeDefault.isPending}
                      onClick={() => makeDefault.mutate(address.id)}
                    >
                      Set as default
                    </Button>
                  )}
                </div>
              </li>
            ),
          )}
        </ul>
      ) : null}

      {editing === 'new' ? (
        <AddressForm firstAddress={list.length === 0} onDone={closeForm} />
      ) : (
        <div className="grid gap-1 justify-self-start">
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            disabled={full}
            aria-describedby={full ? 'address-book-full' : undefined}
            onClick={() => setEditing('new')}
          >
            Add address
          </Button>
          {full ? (
            <p id="address-book-full" className="text-xs text-gray-600">
              You can save up to {MAX_SAVED_ADDRESSES} addresses. Delete one to add another.
            </p>
          ) : null}
        </div>
      )}

      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this address?</DialogTitle>
            <DialogDescription>It is removed from your address book. Orders already placed keep their address.</DialogDescription>
          </DialogHeader>
          {deleting ? <AddressLines address={deleting} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Keep it
              </Button>
            </DialogClose>
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => {
                if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
              }}
            >
              {remove.isPending ? 'Deleting...' : 'Delete address'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

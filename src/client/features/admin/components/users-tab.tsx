import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import type { UserRow } from '#common/schemas/admin-users.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useUsers, useUserTotal } from '../api/get-users.ts';
import { useSetUserAdmin } from '../api/set-user-admin.ts';
import { ConfirmAdminRightsDialog } from './confirm-admin-rights-dialog.tsx';
import { EmailExportCard } from './email-export-card.tsx';
import { ListSearch } from './list-search.tsx';
import { Pager } from './pager.tsx';
import { useLastPageWhenShrunk, useListPage } from './use-list-page.ts';

/** Users: Username, Email, Admin Status and the admin toggle; total count; e-mail export. */
export function UsersTab() {
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [page, setPage] = useListPage(search ?? '');
  const users = useUsers({ page, q: search });
  const userTotal = useUserTotal();
  useLastPageWhenShrunk(page, setPage, users.data?.total, DEFAULT_PAGE_SIZE);
  const setAdmin = useSetUserAdmin();
  const [confirming, setConfirming] = useState<UserRow | null>(null);
  const list = users.data?.items ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>User Management</CardTitle>
          <CardDescription>
            Total registered users:{' '}
            <span data-testid="user-count" className="font-semibold text-gray-900">
              {userTotal.data ?? '…'}
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <ListSearch label="Search users" placeholder="Username or e-mail" onSearch={(text) => setSearch(text || undefined)} />
          {search !== undefined && users.data ? (
            <p className="text-sm text-gray-600" data-testid="user-matches">
              {users.data.total} user(s) match “{search}”
            </p>
          ) : null}
          {users.isLoading ? (
            <Spinner label="Loading users" />
          ) : users.isError ? (
            <p role="alert" className="text-red-700">
              {users.error.message}
            </p>
          ) : (
            <div className="relative -mx-2 overflow-x-auto">
              {/* relative: the sr-only caption and header cells are placed inside this scroll box, not past the page edge */}
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">Registered users</caption>
                <thead className="border-b border-gray-200 text-gray-600">
                  <tr>
                    <th scope="col" className="px-2 py-2 font-medium">
                      Username
                    </th>
                    <th scope="col" className="px-2 py-2 font-medium">
                      Email
                    </th>
                    <th scope="col" className="px-2 py-2 font-medium">
                      Admin Status
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-medium">
                      Action
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {list.map((user) => (
                    <tr key={user.id} data-testid={`user-row-${user.username}`}>
                      <td className="px-2 py-2 font-medium text-gray-900">{user.username}</td>
                      <td className="px-2 py-2 break-all text-gray-700">{user.email ?? <span className="text-gray-500 italic">No email</span>}</td>
                      <td className="px-2 py-2">{user.isAdmin ? <Badge>Admin</Badge> : <Badge variant="secondary">Regular User</Badge>}</td>
                      <td className="px-2 py-2 text-right">
                        <Button
                          size="sm"
                          variant={user.isAdmin ? 'outline' : 'default'}
                          disabled={setAdmin.isPending && setAdmin.variables?.id === user.id}
                          onClick={() => setConfirming(user)}
                          aria-label={`${user.isAdmin ? 'Remove Admin' : 'Make Admin'}: ${user.username}`}
                        >
                          {user.isAdmin ? 'Remove Admin' : 'Make Admin'}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            label="Users pages"
            page={page}
            pageSize={DEFAULT_PAGE_SIZE}
            total={users.data?.total ?? 0}
            onPageChange={setPage}
            busy={users.isPlaceholderData}
          />
        </CardContent>
      </Card>
      <EmailExportCard />
      <ConfirmAdminRightsDialog
        user={confirming}
        pending={setAdmin.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) setAdmin.mutate({ id: confirming.id, isAdmin: !confirming.isAdmin }, { onSettled: () => setConfirming(null) });
        }}
      />
    </div>
  );
}

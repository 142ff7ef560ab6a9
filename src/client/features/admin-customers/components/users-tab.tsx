import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#common/schemas/admin-lists.ts';
import { CONSENT_FILTERS, USER_ROLES, type ConsentFilter, type UserRole, type UserRow } from '#common/schemas/admin-users.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { ListSearch } from '#client/components/admin/list-search.tsx';
import { PagedList } from '#client/components/admin/paged-list.tsx';
import { useLastPageWhenShrunk, useUrlListState } from '#client/lib/use-list-page.ts';
import { useUsers, useUserTotal } from '../api/get-users.ts';
import { useSetUserAdmin } from '../api/set-user-admin.ts';
import { ConfirmAdminRightsDialog } from './confirm-admin-rights-dialog.tsx';
import { EmailExportCard } from './email-export-card.tsx';

const USER_FILTER_KEYS = ['q', 'role', 'consent'] as const;
const acceptUserFilter = (key: (typeof USER_FILTER_KEYS)[number], value: string) =>
  key === 'role' ? (USER_ROLES as readonly string[]).includes(value) : key === 'consent' ? (CONSENT_FILTERS as readonly string[]).includes(value) : true;

/**
 * Users: Username, Email, Admin Status and the admin toggle (the spec's columns); search, role and
 * marketing-consent filters; total count; customer export.
 */
export function UsersTab() {
  const { filters, page, setFilters, setPage } = useUrlListState(USER_FILTER_KEYS, acceptUserFilter);
  const users = useUsers({
    page,
    q: filters.q,
    role: filters.role as UserRole | undefined,
    consent: filters.consent as ConsentFilter | undefined,
  });
  const filtered = Object.values(filters).some(Boolean);
  const userTotal = useUserTotal();
  useLastPageWhenShrunk(page, setPage, users.data?.total, DEFAULT_PAGE_SIZE);
  const setAdmin = useSetUserAdmin();
  const [confirming, setConfirming] = useState<UserRow | null>(null);

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
          <ListSearch
            label="Search users"
            placeholder="Username or e-mail"
            value={filters.q}
            onSearch={(text) => setFilters({ ...filters, q: text || undefined })}
            onClear={filtered ? () => setFilters({}) : undefined}
          >
            <div className="grid gap-1.5 sm:w-40">
              <Label htmlFor="admin-user-role-filter">Role</Label>
              <Select
                id="admin-user-role-filter"
                value={filters.role ?? ''}
                onChange={(event) => setFilters({ ...filters, role: event.target.value || undefined })}
              >
                <option value="">Everyone</option>
                <option value="admin">Admins</option>
                <option value="regular">Regular users</option>
              </Select>
            </div>
            <div className="grid gap-1.5 sm:w-48">
              <Label htmlFor="admin-user-consent-filter">Marketing e-mail</Label>
              <Select
                id="admin-user-consent-filter"
                value={filters.consent ?? ''}
                onChange={(event) => setFilters({ ...filters, consent: event.target.value || undefined })}
              >
                <option value="">Any</option>
                <option value="yes">Opted in</option>
                <option value="no">Not opted in</option>
              </Select>
            </div>
          </ListSearch>
          {filtered && users.data ? (
            <p className="text-sm text-gray-600" data-testid="user-matches">
              {filters.q ? `${users.data.total} user(s) match “${filters.q}”` : `${users.data.total} user(s) match these filters`}
            </p>
          ) : null}
          <PagedList list={users} loadingLabel="Loading users" pager={{ label: 'Users pages', page, pageSize: DEFAULT_PAGE_SIZE, onPageChange: setPage }}>
            {(rows) => (
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
                    {rows.map((user) => (
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
          </PagedList>
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

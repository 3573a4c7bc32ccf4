import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';

/** The catalogue's screens, in the order of its tabs. */
export const CATALOGUE_SCREENS = ['invites', 'discounts', 'packages', 'gifts', 'company'] as const;
export type CatalogueScreen = (typeof CATALOGUE_SCREENS)[number];

/**
 * One catalogue screen: the console's page frame with the catalogue's own navigation between
 * its five screens (a row of tabs that scrolls sideways on a phone).
 */
export function CatalogueFrame({
  screen,
  children,
}: {
  screen: CatalogueScreen;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title={t(`catalogue.${screen}.title`)} intro={t(`catalogue.${screen}.intro`)}>
      <nav className="admin-catalogue__tabs mb-3" aria-label={t('catalogue.navigation')}>
        <ul className="nav nav-pills flex-nowrap">
          {CATALOGUE_SCREENS.map((name) => (
            <li className="nav-item" key={name}>
              <NavLink className="nav-link text-nowrap" to={`/admin/catalogue/${name}`}>
                {t(`catalogue.${name}.tab`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </AdminPage>
  );
}

/** A query's loading and error states; its data to `children` once it is there. */
export function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <AdminLoading />;
  if (query.isError) return <AdminError error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** A list under its heading: loading, error, empty (`empty` says so) or its items. */
export function ListSection<T, I>({
  heading,
  query,
  items,
  empty,
  children,
}: {
  heading?: string;
  query: UseQueryResult<T>;
  items: (data: T) => I[];
  empty: string;
  children: (items: I[]) => ReactNode;
}) {
  return (
    <>
      {heading && <h2 className="h5 mt-4">{heading}</h2>}
      <Loaded query={query}>
        {(data) => {
          const list = items(data);
          return list.length === 0 ? <AdminEmpty>{empty}</AdminEmpty> : children(list);
        }}
      </Loaded>
    </>
  );
}

/** A button that opens a form for a new item in its place; the form closes it when done. */
export function CreateToggle({
  label,
  children,
}: {
  label: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (open) return <>{children(() => setOpen(false))}</>;
  return (
    <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
      {label}
    </button>
  );
}

/** A short date (and time) in the staff member's language, or a dash. */
export function useDate() {
  const { i18n } = useAdminTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '–');
}

/**
 * A list as a table (on a phone: a card a row, each value after its column's name, from the
 * cells' data-label); the last column holds each row's action.
 */
export function CatalogueTable({
  columns,
  action,
  children,
}: {
  columns: readonly string[];
  action: { error: unknown } | null;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <>
      {action?.error ? <AdminError error={action.error} /> : null}
      {/* the roles keep it a table for screen readers when a phone shows its rows as cards */}
      <table role="table" className="table admin-catalogue__table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t('catalogue.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </>
  );
}

/** A row's action on an item (revoke, deactivate): one at a time, the list read again after. */
export function useRowAction(call: (id: number) => Promise<unknown>, list: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: list }),
  });
}

/** A row's action button, named after its item for screen readers. */
export function RowAction({
  label,
  name,
  pending,
  onClick,
}: {
  label: string;
  name: string;
  pending: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-danger"
      disabled={pending}
      aria-label={name}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

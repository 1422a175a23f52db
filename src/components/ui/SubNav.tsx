// The navigation of an area (panel, admin): links with aria-current on the active one, wrapping on phones.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

export interface SubNavItem {
  to: string;
  label: ReactNode;
  /** Match the path exactly (for a parent path that has children of its own). */
  end?: boolean;
  /** Navigation state, e.g. `{ focus: id }`: the element focused after the switch (src/app/RootLayout.tsx). */
  state?: unknown;
}

export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  return (
    <nav aria-label={label} className="mb-6 border-b-2 border-gray-200">
      <ul className="-mb-0.5 flex flex-wrap gap-x-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              state={item.state}
              className={({ isActive }) =>
                'inline-flex min-h-11 items-center border-b-4 px-3 font-semibold ' +
                (isActive ? 'border-blue-800 text-blue-900' : 'border-transparent text-gray-800 hover:text-blue-800')
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

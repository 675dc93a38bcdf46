import { Container } from '@mantine/core';
import { NavLink, Outlet } from 'react-router-dom';
import classes from './DashboardShell.module.css';

export interface DashboardMenuItem {
  to: string;
  label: string;
}

export interface DashboardShellProps {
  /** Names the side menu ("Admin Panel", "My Account"). */
  heading: string;
  menu: readonly DashboardMenuItem[];
}

/** A dashboard frame: the side menu at left (a row of pills on small screens), the nested screen beside it. */
export function DashboardShell({ heading, menu }: DashboardShellProps) {
  return (
    <Container size="xl" py={{ base: 'md', md: 32 }}>
      <div className={classes.shell}>
        <nav className={classes.menu} aria-label={heading}>
          <h2 className={classes.heading}>{heading}</h2>
          <ul className={classes.list}>
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={classes.link}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <Outlet />
        </div>
      </div>
    </Container>
  );
}

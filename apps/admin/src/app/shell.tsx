import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { logOut } from '../features/login/index.js';
import { storedSession, storeSession } from '../lib/session.js';
import { useSession } from '../lib/use-session.js';

interface Section {
  to: string;
  label: string;
}
interface SectionGroup {
  label: string;
  sections: Section[];
}

/** The back office's pages; the related ones grouped, so the bar fits on one line. */
const staffNavigation: (Section | SectionGroup)[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/orders', label: 'Orders' },
  { to: '/customers', label: 'Customers' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/enquiries', label: 'Enquiries' },
  {
    label: 'Catalogue',
    sections: [
      { to: '/products', label: 'Products' },
      { to: '/categories', label: 'Categories' },
      { to: '/inventory', label: 'Inventory' },
    ],
  },
  {
    label: 'Storefront',
    sections: [
      { to: '/content/slides', label: 'Slides' },
      { to: '/content/campaigns', label: 'Campaigns' },
      { to: '/content/best-sellers', label: 'Best sellers' },
      { to: '/content/pages', label: 'Pages' },
      { to: '/content/cleaning', label: 'Cleaning page' },
    ],
  },
];
const ownerNavigation: (Section | SectionGroup)[] = [
  {
    label: 'Promotions',
    sections: [
      { to: '/promotions/coupons', label: 'Coupons' },
      { to: '/promotions/sales', label: 'Sales' },
    ],
  },
  {
    label: 'Shipping',
    sections: [
      { to: '/shipping/zones', label: 'Zones and prices' },
      { to: '/shipping/postal-codes', label: 'Postal codes' },
    ],
  },
  {
    label: 'Shop',
    sections: [
      { to: '/settings', label: 'Shop details' },
      { to: '/settings/exchange-rates', label: 'Exchange rates' },
      { to: '/staff', label: 'Staff' },
      { to: '/audit', label: 'Audit log' },
      { to: '/accounting', label: 'Accounting' },
    ],
  },
];

function isGroup(entry: Section | SectionGroup): entry is SectionGroup {
  return 'sections' in entry;
}

/** The frame of every signed-in page: the sections, who is signed in, and sign-out. */
export function Shell() {
  const session = useSession();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const signOut = async () => {
    const refreshToken = storedSession()?.refreshToken;
    if (refreshToken) await logOut(refreshToken).catch(() => undefined);
    storeSession(undefined);
    void navigate('/login');
  };
  const { pathname } = useLocation();
  const navigation =
    session?.role === 'owner' ? [...staffNavigation, ...ownerNavigation] : staffNavigation;
  const close = () => setExpanded(false);
  return (
    <>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <Navbar bg="dark" data-bs-theme="dark" expand="xl" expanded={expanded} onToggle={setExpanded}>
        <Container fluid>
          <Navbar.Brand as={NavLink} to="/dashboard">
            Back office
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="admin-nav" />
          <Navbar.Collapse id="admin-nav">
            <Nav className="me-auto" as="nav" aria-label="Sections">
              {navigation.map((entry) =>
                isGroup(entry) ? (
                  <NavDropdown
                    key={entry.label}
                    title={entry.label}
                    id={`nav-${entry.label.toLowerCase()}`}
                    className="text-nowrap"
                    active={entry.sections.some((section) => pathname.startsWith(section.to))}
                  >
                    {entry.sections.map((section) => (
                      <NavDropdown.Item
                        key={section.to}
                        as={NavLink}
                        to={section.to}
                        end
                        onClick={close}
                      >
                        {section.label}
                      </NavDropdown.Item>
                    ))}
                  </NavDropdown>
                ) : (
                  <Nav.Link
                    key={entry.to}
                    as={NavLink}
                    to={entry.to}
                    className="text-nowrap"
                    onClick={close}
                  >
                    {entry.label}
                  </Nav.Link>
                ),
              )}
            </Nav>
            <Nav>
              <NavDropdown title={session?.email ?? ''} align="end" id="account-menu">
                <NavDropdown.ItemText className="small text-body-secondary">
                  {session?.role === 'owner' ? 'Owner' : 'Staff'}
                </NavDropdown.ItemText>
                <NavDropdown.Divider />
                <NavDropdown.Item href="/" target="_blank" rel="noopener">
                  View the shop
                </NavDropdown.Item>
                <NavDropdown.Item as="button" onClick={() => void signOut()}>
                  Sign out
                </NavDropdown.Item>
              </NavDropdown>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <main id="main" className="admin-main">
        <Container fluid="xl" className="py-4">
          <Outlet />
        </Container>
      </main>
    </>
  );
}

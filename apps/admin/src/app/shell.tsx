import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { z } from 'zod';
import { api } from '../lib/api-client.js';
import { storedSession, storeSession } from '../lib/session.js';
import { useSession } from '../lib/use-session.js';

const sections = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/orders', label: 'Orders' },
  { to: '/customers', label: 'Customers' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/enquiries', label: 'Enquiries' },
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/inventory', label: 'Inventory' },
];
const ownerSections = [
  { to: '/staff', label: 'Staff' },
  { to: '/audit', label: 'Audit log' },
  { to: '/accounting', label: 'Accounting' },
];

/** The frame of every signed-in page: the sections, who is signed in, and sign-out. */
export function Shell() {
  const session = useSession();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const signOut = async () => {
    const refreshToken = storedSession()?.refreshToken;
    if (refreshToken)
      await api('/api/admin/auth/logout', z.unknown(), {
        method: 'POST',
        body: { refreshToken },
      }).catch(() => undefined);
    storeSession(undefined);
    void navigate('/login');
  };
  const links = session?.role === 'owner' ? [...sections, ...ownerSections] : sections;
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
              {links.map((link) => (
                <Nav.Link
                  key={link.to}
                  as={NavLink}
                  to={link.to}
                  className="text-nowrap"
                  onClick={() => setExpanded(false)}
                >
                  {link.label}
                </Nav.Link>
              ))}
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

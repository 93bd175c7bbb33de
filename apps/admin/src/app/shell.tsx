import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { locales, type Locale } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../components/toasts.js';
import { logOut } from '../features/login/index.js';
import { OrdersToPackBadge } from '../features/orders/index.js';
import { saveLocale } from '../lib/api.js';
import { useLocale, useT, type Translate } from '../lib/i18n.js';
import { chooseLocale } from '../lib/locale.js';
import { storedSession, storeSession } from '../lib/session.js';
import { useSession } from '../lib/use-session.js';

type Label = Parameters<Translate>[0];
interface Section {
  to: string;
  label: Label;
}
interface SectionGroup {
  label: Label;
  sections: Section[];
}

/** The back office's pages; the related ones grouped, so the bar fits on one line. */
const staffNavigation: (Section | SectionGroup)[] = [
  { to: '/dashboard', label: 'shell.nav.dashboard' },
  { to: '/orders', label: 'shell.nav.orders' },
  { to: '/customers', label: 'shell.nav.customers' },
  { to: '/reviews', label: 'shell.nav.reviews' },
  { to: '/enquiries', label: 'shell.nav.enquiries' },
  {
    label: 'shell.nav.catalogue',
    sections: [
      { to: '/products', label: 'shell.nav.products' },
      { to: '/categories', label: 'shell.nav.categories' },
      { to: '/inventory', label: 'shell.nav.inventory' },
    ],
  },
  {
    label: 'shell.nav.storefront',
    sections: [
      { to: '/content/slides', label: 'shell.nav.slides' },
      { to: '/content/campaigns', label: 'shell.nav.campaigns' },
      { to: '/content/best-sellers', label: 'shell.nav.bestSellers' },
      { to: '/content/pages', label: 'shell.nav.pages' },
      { to: '/content/cleaning', label: 'shell.nav.cleaning' },
    ],
  },
];
const ownerNavigation: (Section | SectionGroup)[] = [
  {
    label: 'shell.nav.promotions',
    sections: [
      { to: '/promotions/coupons', label: 'shell.nav.coupons' },
      { to: '/promotions/sales', label: 'shell.nav.sales' },
    ],
  },
  {
    label: 'shell.nav.shipping',
    sections: [
      { to: '/shipping/zones', label: 'shell.nav.zones' },
      { to: '/shipping/postal-codes', label: 'shell.nav.postalCodes' },
    ],
  },
  {
    label: 'shell.nav.shop',
    sections: [
      { to: '/settings', label: 'shell.nav.shopDetails' },
      { to: '/settings/exchange-rates', label: 'shell.nav.exchangeRates' },
      { to: '/staff', label: 'shell.nav.staff' },
      { to: '/audit', label: 'shell.nav.audit' },
      { to: '/accounting', label: 'shell.nav.accounting' },
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
  const t = useT();
  const locale = useLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  const switchTo = async (chosen: Locale) => {
    if (chosen === locale) return;
    try {
      await saveLocale(chosen);
    } catch {
      toast(t('shell.languageSaveFailed'), 'danger');
      return;
    }
    chooseLocale(chosen);
    // Answers holding the server's words were in the old language.
    void queryClient.invalidateQueries();
  };
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
        {t('shell.skipToContent')}
      </a>
      <Navbar bg="dark" data-bs-theme="dark" expand="xl" expanded={expanded} onToggle={setExpanded}>
        <Container fluid>
          <Navbar.Brand as={NavLink} to="/dashboard">
            {t('shell.brand')}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="admin-nav" />
          <Navbar.Collapse id="admin-nav">
            <Nav className="me-auto" as="nav" aria-label={t('shell.sections')}>
              {navigation.map((entry) =>
                isGroup(entry) ? (
                  <NavDropdown
                    key={entry.label}
                    title={t(entry.label)}
                    id={`nav-${entry.label.split('.').pop()?.toLowerCase()}`}
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
                        {t(section.label)}
                      </NavDropdown.Item>
                    ))}
                  </NavDropdown>
                ) : (
                  // A link and its badge on one line, in the folded phone menu too.
                  <div key={entry.to} className="d-flex align-items-center">
                    <Nav.Link as={NavLink} to={entry.to} className="text-nowrap" onClick={close}>
                      {t(entry.label)}
                    </Nav.Link>
                    {entry.to === '/orders' && <OrdersToPackBadge onClick={close} />}
                  </div>
                ),
              )}
            </Nav>
            <Nav>
              <NavDropdown title={session?.email ?? ''} align="end" id="account-menu">
                <NavDropdown.ItemText className="small text-body-secondary">
                  {t(session?.role === 'owner' ? 'shell.role.owner' : 'shell.role.staff')}
                </NavDropdown.ItemText>
                <NavDropdown.Divider />
                <NavDropdown.Header>{t('shell.language')}</NavDropdown.Header>
                {locales.map((option) => (
                  <NavDropdown.Item
                    key={option}
                    as="button"
                    lang={option}
                    active={option === locale}
                    aria-current={option === locale ? 'true' : undefined}
                    onClick={() => void switchTo(option)}
                  >
                    {t(`language.${option}`)}
                  </NavDropdown.Item>
                ))}
                <NavDropdown.Divider />
                <NavDropdown.Item href="/" target="_blank" rel="noopener">
                  {t('shell.viewShop')}
                </NavDropdown.Item>
                <NavDropdown.Item as="button" onClick={() => void signOut()}>
                  {t('shell.signOut')}
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

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import './styles/main.scss';
import { AppRoutes } from './app/routes.js';
import { createStore } from './app/store.js';
import { fetchGoogleUser, receiveSocialSignIn } from './features/accounts/index.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A social sign-in hand-back reloads the page once checked; rendering first would only flash.
// No top-level await here: a lazy chunk that imports from this entry chunk would wait forever
// for it to finish evaluating.
void receiveSocialSignIn().then((reloading) => {
  if (reloading) return;
  const store = createStore();
  void store.dispatch(fetchGoogleUser());
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
});

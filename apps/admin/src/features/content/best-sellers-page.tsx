import { type AdminBestSellers, HOME_LIST_SIZE } from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PageState } from '../../components/page-state.js';
import { ProductSearch } from '../../components/product-search.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { type Translate, useFormat, useT } from '../../lib/i18n.js';
import { useBestSellers, useSavePins } from './api.js';
import type en from './i18n/en.json';

type Pin = Pick<AdminBestSellers['pinned'][number], 'id' | 'name'> &
  Partial<AdminBestSellers['pinned'][number]>;

/** Why a pinned product is not on the home page, when it is not. */
function offStorefront(pin: Pin, t: Translate<keyof typeof en>): string | undefined {
  if (pin.status === 'archived') return t('content.best.archived');
  if (pin.onSale === false)
    return pin.status === 'draft' ? t('content.best.draft') : t('content.best.off');
  return undefined;
}

/** Storefront → Best sellers: products pinned to the front of 'Best Selling Products'. */
export default function BestSellersPage() {
  const loaded = useBestSellers();
  const toast = useToast();
  const t = useT<typeof en>();
  return (
    <>
      <h1 className="h3 mb-1">{t('content.best.title')}</h1>
      <p className="text-body-secondary">{t('content.best.help', { size: HOME_LIST_SIZE })}</p>
      <PageState of={loaded} />
      {loaded.data && (
        <Row className="g-4">
          <Col lg={7}>
            <PinsEditor
              // A new editor after each save, starting from what is stored.
              key={loaded.data.pinned.map((pin) => pin.id).join()}
              pinned={loaded.data.pinned}
              onSaved={toast}
            />
          </Col>
          <Col lg={5}>
            <ShownList shown={loaded.data.shown} />
          </Col>
        </Row>
      )}
    </>
  );
}

export function PinsEditor({
  pinned,
  onSaved,
}: {
  pinned: AdminBestSellers['pinned'];
  /** With what to tell the staff member, once the pins are saved. */
  onSaved: (message: string) => void;
}) {
  const savePins = useSavePins();
  const t = useT<typeof en>();
  const [pins, setPins] = useState<Pin[]>(pinned);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const ids = pins.map((pin) => pin.id);
  const changed = ids.join() !== pinned.map((pin) => pin.id).join();
  const full = pins.length >= HOME_LIST_SIZE;

  const save = async () => {
    setProblem('');
    setSaving(true);
    try {
      await savePins(ids);
      onSaved(ids.length === 0 ? t('content.best.savedNone') : t('content.best.saved'));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('content.best.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('content.best.pinned', { count: pins.length })}</h2>
        {problem && (
          <Alert variant="danger" role="alert">
            {problem}
          </Alert>
        )}
        {pins.length === 0 ? (
          <p className="text-body-secondary">{t('content.best.none')}</p>
        ) : (
          <SortableList
            as="ol"
            className="list-unstyled mb-2"
            items={pins}
            onReorder={setPins}
            renderItem={(pin, handle) => {
              const off = offStorefront(pin, t);
              return (
                <div className="d-flex align-items-center gap-2 border rounded px-2 py-1 mb-1 bg-body">
                  {handle}
                  <span className="flex-grow-1" style={{ minWidth: 0 }}>
                    {pin.name}{' '}
                    {off && (
                      <Badge bg="warning" text="dark">
                        {off}
                      </Badge>
                    )}
                  </span>
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger"
                    aria-label={t('content.best.unpin', { name: pin.name })}
                    onClick={() => setPins(pins.filter((one) => one.id !== pin.id))}
                  >
                    {t('content.products.remove')}
                  </Button>
                </div>
              );
            }}
          />
        )}
        <ProductSearch
          label={t('content.best.find')}
          exclude={ids}
          disabled={full}
          onPick={(product) => setPins([...pins, { id: product.id, name: product.name }])}
        />
        <p className="form-text">
          {full ? t('content.best.full', { size: HOME_LIST_SIZE }) : t('content.best.drag')}
        </p>
        <div className="d-flex gap-2">
          <Button onClick={() => void save()} disabled={!changed || saving}>
            {saving ? t('content.saving') : t('content.best.save')}
          </Button>
          <Button
            variant="outline-secondary"
            disabled={!changed || saving}
            onClick={() => {
              setPins(pinned);
              setProblem('');
            }}
          >
            {t('content.best.undo')}
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

/** The list as shoppers see it now, for reference while pinning. */
function ShownList({ shown }: { shown: AdminBestSellers['shown'] }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('content.best.shownTitle')}</h2>
        {shown.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('content.best.noneOnSale')}</p>
        ) : (
          <ol className="mb-0 ps-3" aria-label={t('content.best.shownList')}>
            {shown.map((entry) => (
              <li key={entry.id} className="py-1">
                <span className="d-flex justify-content-between gap-2">
                  <span>{entry.name}</span>
                  {entry.pinned ? (
                    <Badge bg="primary">{t('content.best.pinnedBadge')}</Badge>
                  ) : (
                    <span className="small text-body-secondary text-nowrap">
                      {t('content.best.sold', { count: format.number(entry.soldCount) })}
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}

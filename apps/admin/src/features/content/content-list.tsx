import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useConfirm } from '../../components/confirm.js';
import { PageState, type QueryState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { type Translate, useFormat, useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import { useDeleteContent, useReorderContent, useSetContentHidden } from './api.js';
import { contentAspect } from './content-fields.js';
import { ContentDialog } from './content-dialog.js';
import { type ContentItem, type ContentKind, isCampaign } from './content-form.js';
import type en from './i18n/en.json';

type T = Translate<keyof typeof en>;

/** Where the item stands on the home page, in the staff's words. */
function StateBadge({ item }: { item: ContentItem }) {
  const t = useT<typeof en>();
  const format = useFormat();
  switch (item.state) {
    case 'current':
      return <Badge bg="success">{t('content.state.current')}</Badge>;
    case 'scheduled':
      return (
        <Badge bg="info" text="dark">
          {t('content.state.scheduled', {
            from: item.visibleFrom ? format.dateTime(item.visibleFrom) : '',
          })}
        </Badge>
      );
    case 'ended':
      return <Badge bg="secondary">{t('content.state.ended')}</Badge>;
    case 'hidden':
      return (
        <Badge bg="light" text="dark" className="border">
          {t('content.hidden')}
        </Badge>
      );
  }
}

const nameOf = (item: ContentItem, t: T) =>
  isCampaign(item) ? item.title : item.alt || t('content.list.noAlt');

/** Whether its English is missing, so English pages show the bokmål (issue 31.5). */
const englishMissing = (item: ContentItem) =>
  isCampaign(item) ? !item.titleEn : Boolean(item.alt) && !item.altEn;

function Entry({
  kind,
  item,
  handle,
  onEdit,
  onToggle,
  onDelete,
}: {
  kind: ContentKind;
  item: ContentItem;
  handle: ReactNode;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const t = useT<typeof en>();
  const format = useFormat();
  const name = nameOf(item, t);
  return (
    <div className="d-flex flex-wrap flex-sm-nowrap align-items-center gap-2 border rounded p-2 mb-2 bg-body">
      {handle}
      <img
        src={previewUrl(item.image)}
        alt=""
        className="rounded border"
        style={{ width: '8rem', aspectRatio: contentAspect[kind], objectFit: 'cover' }}
      />
      <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: '12rem' }}>
        <div className="fw-semibold text-truncate" title={name}>
          {name}
        </div>
        <div className="small text-body-secondary text-truncate">
          {t('content.list.link', { kind: item.linkKind, label: item.linkLabel })}
          {isCampaign(item) && ` · ${t('content.list.products', { count: item.products.length })}`}
        </div>
        <div className="d-flex flex-wrap gap-1 mt-1">
          <StateBadge item={item} />
          {item.state === 'current' && item.visibleTo && (
            <Badge bg="light" text="dark" className="border">
              {t('content.state.until', { to: format.dateTime(item.visibleTo) })}
            </Badge>
          )}
          {item.state === 'ended' && item.visibleTo && (
            <span className="small text-body-secondary">
              {t('content.state.endedOn', { to: format.dateTime(item.visibleTo) })}
            </span>
          )}
          {item.linkPath === null && (
            <Badge bg="warning" text="dark">
              {t('content.list.offStorefront', { kind: item.linkKind })}
            </Badge>
          )}
          {englishMissing(item) && (
            <Badge bg="warning" text="dark">
              {t('content.english.missing')}
            </Badge>
          )}
        </div>
      </div>
      <div className="d-flex gap-1 ms-auto">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={onEdit}
          aria-label={t('content.editNamed', { name })}
        >
          {t('content.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onToggle}
          aria-label={t('content.toggleNamed', { hidden: String(item.hidden), name })}
        >
          {t('content.toggle', { hidden: String(item.hidden) })}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={t('content.deleteNamed', { name })}
        >
          {t('content.delete')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Every slide or banner in the order the home page shows them: drag to reorder, add, edit,
 * hide or show, delete.
 */
export function ContentList({
  kind,
  loaded,
  items,
}: {
  kind: ContentKind;
  loaded: QueryState;
  items: readonly ContentItem[] | undefined;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT<typeof en>();
  const [editing, setEditing] = useState<ContentItem | 'new'>();
  // The dragged order shows at once; the server's answer replaces it when it comes.
  const [dragged, setDragged] = useState<{ from: typeof items; order: ContentItem[] }>();
  const shown = dragged && dragged.from === items ? dragged.order : items;
  const sendOrder = useReorderContent(kind);
  const setHidden = useSetContentHidden(kind);
  const deleteContent = useDeleteContent(kind);

  const fail = (error: unknown, fallback: string) =>
    toast(error instanceof ApiError ? error.message : fallback, 'danger');

  const reorder = async (ordered: ContentItem[]) => {
    setDragged({ from: items, order: ordered });
    try {
      await sendOrder(ordered.map((item) => item.id));
      toast(t('content.orderSaved'));
    } catch (error) {
      // The list loads again as the server keeps it.
      setDragged(undefined);
      fail(error, t('content.orderFailed'));
    }
  };

  const toggle = async (item: ContentItem) => {
    try {
      await setHidden({ id: item.id, hidden: !item.hidden });
      toast(t('content.list.toggled', { name: nameOf(item, t), hidden: String(!item.hidden) }));
    } catch (error) {
      fail(error, t('content.changeFailed'));
    }
  };

  const remove = async (item: ContentItem) => {
    const sure = await confirm({
      title: t('content.list.deleteTitle', { name: nameOf(item, t) }),
      body: t('content.list.deleteBody', { kind }),
      action: t('content.list.deleteAction', { kind }),
    });
    if (!sure) return;
    try {
      await deleteContent(item.id);
      toast(t('content.deleted', { name: nameOf(item, t) }));
    } catch (error) {
      fail(error, t('content.list.deleteFailed', { kind }));
    }
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{t('content.list.title', { kind })}</h1>
        <Button onClick={() => setEditing('new')}>{t('content.item.new', { kind })}</Button>
      </div>
      <p className="text-body-secondary small">{t('content.list.help', { kind })}</p>
      <PageState of={loaded} />
      {shown && shown.length === 0 && (
        <p className="text-body-secondary">{t('content.list.none', { kind })}</p>
      )}
      {shown && shown.length > 0 && (
        <SortableList
          as="ol"
          className="list-unstyled"
          items={shown}
          onReorder={(ordered) => void reorder(ordered)}
          renderItem={(item, handle) => (
            <Entry
              kind={kind}
              item={item}
              handle={handle}
              onEdit={() => setEditing(item)}
              onToggle={() => void toggle(item)}
              onDelete={() => void remove(item)}
            />
          )}
        />
      )}
      {editing && (
        <ContentDialog
          kind={kind}
          item={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) toast(saved);
          }}
        />
      )}
    </>
  );
}

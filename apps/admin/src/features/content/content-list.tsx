import { type ReactNode, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useConfirm } from '../../components/confirm.js';
import { PageState, type QueryState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDateTime } from '../../lib/dates.js';
import { previewUrl } from '../../lib/image-url.js';
import { useDeleteContent, useReorderContent, useSetContentHidden } from './api.js';
import { contentAspect } from './content-fields.js';
import { ContentDialog } from './content-dialog.js';
import { type ContentItem, type ContentKind, isCampaign } from './content-form.js';

/** Where the item stands on the home page, in the staff's words. */
function StateBadge({ item }: { item: ContentItem }) {
  switch (item.state) {
    case 'current':
      return <Badge bg="success">Showing now</Badge>;
    case 'scheduled':
      return (
        <Badge bg="info" text="dark">
          Scheduled from {item.visibleFrom ? shopDateTime(item.visibleFrom) : ''}
        </Badge>
      );
    case 'ended':
      return <Badge bg="secondary">Ended</Badge>;
    case 'hidden':
      return (
        <Badge bg="light" text="dark" className="border">
          Hidden
        </Badge>
      );
  }
}

const kindWords = { product: 'Product', category: 'Category', url: 'Address' } as const;

const nameOf = (item: ContentItem) =>
  isCampaign(item) ? item.title : item.alt || 'Slide without alt text';

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
  const name = nameOf(item);
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
          {kindWords[item.linkKind]}: {item.linkLabel}
          {isCampaign(item) &&
            ` · ${item.products.length} product${item.products.length === 1 ? '' : 's'}`}
        </div>
        <div className="d-flex flex-wrap gap-1 mt-1">
          <StateBadge item={item} />
          {item.state === 'current' && item.visibleTo && (
            <Badge bg="light" text="dark" className="border">
              Until {shopDateTime(item.visibleTo)}
            </Badge>
          )}
          {item.state === 'ended' && item.visibleTo && (
            <span className="small text-body-secondary">on {shopDateTime(item.visibleTo)}</span>
          )}
          {item.linkPath === null && (
            <Badge bg="warning" text="dark">
              Not shown: its {item.linkKind} is off the storefront
            </Badge>
          )}
        </div>
      </div>
      <div className="d-flex gap-1 ms-auto">
        <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onToggle}
          aria-label={`${item.hidden ? 'Show' : 'Hide'} ${name}`}
        >
          {item.hidden ? 'Show' : 'Hide'}
        </Button>
        <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
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
  const [editing, setEditing] = useState<ContentItem | 'new'>();
  // The dragged order shows at once; the server's answer replaces it when it comes.
  const [dragged, setDragged] = useState<{ from: typeof items; order: ContentItem[] }>();
  const shown = dragged && dragged.from === items ? dragged.order : items;
  const sendOrder = useReorderContent(kind);
  const setHidden = useSetContentHidden(kind);
  const deleteContent = useDeleteContent(kind);
  const what = kind === 'slide' ? 'slide' : 'campaign';

  const fail = (error: unknown, fallback: string) =>
    toast(error instanceof ApiError ? error.message : fallback, 'danger');

  const reorder = async (ordered: ContentItem[]) => {
    setDragged({ from: items, order: ordered });
    try {
      await sendOrder(ordered.map((item) => item.id));
      toast('The new order is saved.');
    } catch (error) {
      // The list loads again as the server keeps it.
      setDragged(undefined);
      fail(error, 'The order could not be saved.');
    }
  };

  const toggle = async (item: ContentItem) => {
    try {
      await setHidden({ id: item.id, hidden: !item.hidden });
      toast(`“${nameOf(item)}” is ${item.hidden ? 'shown again within its dates' : 'hidden'}.`);
    } catch (error) {
      fail(error, 'The change could not be saved.');
    }
  };

  const remove = async (item: ContentItem) => {
    const sure = await confirm({
      title: `Delete “${nameOf(item)}”?`,
      body: `The ${what} leaves the home page for good. To take it off for a while, hide it instead.`,
      action: `Delete ${what}`,
    });
    if (!sure) return;
    try {
      await deleteContent(item.id);
      toast(`“${nameOf(item)}” deleted.`);
    } catch (error) {
      fail(error, `The ${what} could not be deleted.`);
    }
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{kind === 'slide' ? 'Carousel slides' : 'Campaigns'}</h1>
        <Button onClick={() => setEditing('new')}>
          {kind === 'slide' ? 'New slide' : 'New campaign'}
        </Button>
      </div>
      <p className="text-body-secondary small">
        {kind === 'slide'
          ? 'The slides at the top of the home page. '
          : 'The banners on the home page, each with its products. '}
        Drag one by its handle (or focus the handle and use space and the arrow keys) to change the
        order; the home page shows those that are not hidden and within their dates.
      </p>
      <PageState of={loaded} />
      {shown && shown.length === 0 && (
        <p className="text-body-secondary">
          {kind === 'slide' ? 'No slides yet.' : 'No campaigns yet.'}
        </p>
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

import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  rectSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n.js';

/**
 * A list reordered by dragging its handles, with the mouse, a finger or the keyboard (space
 * picks an entry up, the arrow keys move it, space drops it). `onReorder` gets the new order.
 */
export function SortableList<T extends { id: string }>({
  items,
  onReorder,
  renderItem,
  layout = 'vertical',
  as: List = 'ul',
  className,
}: {
  items: readonly T[];
  onReorder: (ordered: T[]) => void;
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  layout?: 'vertical' | 'grid';
  as?: 'ul' | 'ol';
  className?: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove([...items], from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext
        items={items.map((item) => item.id)}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        <List className={className}>
          {items.map((item) => (
            <SortableEntry key={item.id} id={item.id}>
              {(handle) => renderItem(item, handle)}
            </SortableEntry>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function SortableEntry({
  id,
  children,
}: {
  id: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  const t = useT();
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="btn btn-sm btn-light drag-handle"
      aria-label={t('common.dragToReorder')}
      {...attributes}
      {...listeners}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
      }}
    >
      {children(handle)}
    </li>
  );
}

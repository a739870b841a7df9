import type { CSSProperties, ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

interface Props {
  /** The ids of the rows that can move, in order. */
  ids: readonly string[];
  /** How a row is called in what screen readers hear ("Asset “beach.png”"). */
  nameOf(id: string): string;
  /** A row was dropped on another: it should take that row's place. */
  onDrop(id: string, overId: string): void;
  children: ReactNode;
}

function announcementsFor(ids: readonly string[], nameOf: (id: string) => string): Announcements {
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)} at ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over ${place(over.id)}.` : `${name(active.id)} is outside the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped at ${place(over.id)}.`
        : `${name(active.id)} was dropped outside the list; nothing moved.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; nothing moved.`,
  };
}

// The rows keep their "Move up/down" buttons for the keyboard: dragging is for pointers.
const screenReaderInstructions = { draggable: 'Use the move buttons of the row to change its place.' };

/**
 * A reorderable list (dnd-kit sortable): rows are dragged with the pointer, a few pixels of
 * movement starting a drag so their buttons still click. Rows call `useSortableRow`.
 */
export function SortableList({ ids, nameOf, onDrop, children }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const end = ({ active, over }: DragEndEvent) => {
    if (over && over.id !== active.id) onDrop(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements: announcementsFor(ids, nameOf), screenReaderInstructions }}
      onDragEnd={end}
    >
      <SortableContext items={[...ids]}>{children}</SortableContext>
    </DndContext>
  );
}

/**
 * What a row of a SortableList puts on its element: the node, where it is drawn while rows move,
 * and the pointer listener (not dnd-kit's attributes: the row keeps its own role and name).
 */
export function useSortableRow(id: string, enabled: boolean) {
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({ id, disabled: !enabled });
  const style: CSSProperties | undefined = transform
    ? { transform: CSS.Translate.toString(transform), transition }
    : undefined;
  return { ref: setNodeRef, style, listeners: enabled ? listeners : undefined, dragging: isDragging };
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTE_MAX_LENGTH,
  orderNoteRequestSchema,
  type AdminOrder,
  type OrderNoteRequest,
} from '@shop/shared';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { useAddNote } from './api.js';

/** An internal note on the order's timeline; the customer never sees it. */
export function NoteDialog({
  order,
  onClose,
}: {
  order: AdminOrder;
  onClose: (added: boolean) => void;
}) {
  const addNote = useAddNote(order.id);
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequestSchema),
    defaultValues: { text: '' },
    fields: ['text'],
    send: async (body) => {
      await addNote(body);
      onClose(true);
    },
  });
  return (
    <FormDialog
      id="note"
      title={`Add a note to order #${order.number}`}
      problem={problem}
      action={isSubmitting ? 'Adding…' : 'Add note'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <FormField
        label="Note"
        rows={4}
        autoFocus
        maxLength={NOTE_MAX_LENGTH}
        registration={register('text')}
        error={errors.text}
        help="For the shop’s staff only; the customer never sees it."
      />
    </FormDialog>
  );
}

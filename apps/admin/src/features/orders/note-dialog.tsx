import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTE_MAX_LENGTH,
  adminOrderSchema,
  orderNoteRequestSchema,
  type AdminOrder,
  type OrderNoteRequest,
} from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../../lib/api-client.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';

/** An internal note on the order's timeline; the customer never sees it. */
export function NoteDialog({
  order,
  onClose,
}: {
  order: AdminOrder;
  onClose: (added: boolean) => void;
}) {
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OrderNoteRequest>({
    resolver: zodResolver(orderNoteRequestSchema),
    defaultValues: { text: '' },
  });
  const submit = handleSubmit(async (body) => {
    setProblem('');
    try {
      await api(`/api/admin/orders/${order.id}/notes`, adminOrderSchema, { method: 'POST', body });
      onClose(true);
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['text']));
    }
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

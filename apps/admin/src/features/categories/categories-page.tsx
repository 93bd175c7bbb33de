import { zodResolver } from '@hookform/resolvers/zod';
import {
  categoryNameSchema,
  categorySlugSchema,
  MAX_CATEGORY_DEPTH,
  type AdminCategory,
} from '@shop/shared';
import { useId, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { uploadImage, useCategories } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { previewUrl } from '../../lib/image-url.js';
import {
  useCreateCategory,
  useDeleteCategory,
  useReorderCategories,
  useSaveCategory,
} from './api.js';

type Tree = Map<string | null, AdminCategory[]>;

function treeOf(categories: readonly AdminCategory[]): Tree {
  const tree: Tree = new Map();
  for (const category of [...categories].sort((a, b) => a.position - b.position)) {
    const siblings = tree.get(category.parentId) ?? [];
    siblings.push(category);
    tree.set(category.parentId, siblings);
  }
  return tree;
}

/** The category tree: drag to reorder siblings, select one to rename, move, hide or delete. */
export default function CategoriesPage() {
  const categories = useCategories();
  const sendOrder = useReorderCategories();
  const [selectedId, setSelectedId] = useState<string>();
  const [addingUnder, setAddingUnder] = useState<string | null>();
  const toast = useToast();
  const list = categories.data?.categories;
  const tree = useMemo(() => treeOf(list ?? []), [list]);
  const selected = list?.find((category) => category.id === selectedId);

  const reorder = async (parentId: string | null, ordered: AdminCategory[]) => {
    try {
      await sendOrder({ parentId, ids: ordered.map((category) => category.id) });
      toast('The new order is saved.');
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'The order could not be saved.', 'danger');
    }
  };

  const branch = (parentId: string | null, level: number) => {
    const children = tree.get(parentId) ?? [];
    if (children.length === 0) return null;
    return (
      <SortableList
        items={children}
        className={`list-unstyled category-tree ${level > 1 ? 'ms-4' : ''}`}
        onReorder={(ordered) => void reorder(parentId, ordered)}
        renderItem={(category, handle) => (
          <>
            <div
              className={`d-flex align-items-center gap-2 border rounded px-2 py-1 mb-1 bg-body ${
                category.id === selectedId ? 'border-primary' : ''
              }`}
            >
              {handle}
              <Button
                variant="link"
                className="text-start flex-grow-1 text-decoration-none p-1"
                aria-pressed={category.id === selectedId}
                onClick={() => setSelectedId(category.id)}
              >
                <span className={category.hidden ? 'text-body-secondary' : 'text-body'}>
                  {category.name}
                </span>{' '}
                <span className="small text-body-secondary">/{category.slug}</span>
              </Button>
              {category.hidden && <Badge bg="secondary">Hidden</Badge>}
              <Badge bg="light" text="dark" title="Products in it and its sub-categories">
                {category.totalProductCount}
              </Badge>
              {level < MAX_CATEGORY_DEPTH && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={`Add a sub-category to ${category.name}`}
                  onClick={() => setAddingUnder(category.id)}
                >
                  +
                </Button>
              )}
            </div>
            {branch(category.id, level + 1)}
          </>
        )}
      />
    );
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">Categories</h1>
        <Button onClick={() => setAddingUnder(null)}>New category</Button>
      </div>
      <p className="text-body-secondary small">
        Drag a category by its handle (or focus the handle and use space and the arrow keys) to
        change the order the storefront shows. The number is how many products it and its
        sub-categories hold.
      </p>
      <PageState of={categories} />
      {list && (
        <Row className="g-4">
          <Col lg={7}>{branch(null, 1)}</Col>
          <Col lg={5} className="sticky-panel align-self-start">
            {addingUnder !== undefined && (
              <NewCategory
                parent={list.find((category) => category.id === addingUnder)}
                onDone={(created) => {
                  setAddingUnder(undefined);
                  if (created) setSelectedId(created);
                }}
              />
            )}
            {selected && addingUnder === undefined && (
              <EditCategory
                key={`${selected.id}-${selected.slug}-${selected.hidden}-${selected.parentId}-${selected.image}`}
                category={selected}
                categories={list}
                onDeleted={() => setSelectedId(undefined)}
              />
            )}
            {!selected && addingUnder === undefined && (
              <p className="text-body-secondary">
                Select a category to rename, move, hide or delete it.
              </p>
            )}
          </Col>
        </Row>
      )}
    </>
  );
}

const newCategoryForm = z.object({ name: categoryNameSchema });

function NewCategory({
  parent,
  onDone,
}: {
  parent: AdminCategory | undefined;
  onDone: (createdId?: string) => void;
}) {
  const toast = useToast();
  const createCategory = useCreateCategory();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ resolver: zodResolver(newCategoryForm) });
  const submit = handleSubmit(async ({ name }) => {
    setProblem('');
    try {
      const created = await createCategory({ name, parentId: parent?.id ?? null });
      toast(`Category “${name}” created.`);
      onDone(created.id);
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['name']));
    }
  });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{parent ? `New sub-category of ${parent.name}` : 'New category'}</h2>
        <Form noValidate onSubmit={submit}>
          {problem && <Alert variant="danger">{problem}</Alert>}
          <FormField label="Name" autoFocus registration={register('name')} error={errors.name} />
          <div className="d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              Create
            </Button>
            <Button variant="outline-secondary" onClick={() => onDone()}>
              Cancel
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

const editForm = z.object({
  name: categoryNameSchema,
  slug: categorySlugSchema,
  slugLocked: z.boolean(),
  hidden: z.boolean(),
  parentId: z.string(),
  image: z.string(),
});
type EditForm = z.infer<typeof editForm>;

/** The categories a category may move under: not itself, not below it, not too deep. */
function possibleParents(category: AdminCategory, categories: readonly AdminCategory[]) {
  const byId = new Map(categories.map((one) => [one.id, one]));
  const depthBelow = (id: string): number => {
    const children = categories.filter((one) => one.parentId === id);
    return children.length === 0
      ? 0
      : 1 + Math.max(...children.map((child) => depthBelow(child.id)));
  };
  const isInside = (candidate: AdminCategory): boolean => {
    for (
      let at: AdminCategory | undefined = candidate;
      at;
      at = at.parentId ? byId.get(at.parentId) : undefined
    )
      if (at.id === category.id) return true;
    return false;
  };
  const room = MAX_CATEGORY_DEPTH - 1 - depthBelow(category.id);
  return categories.filter((candidate) => !isInside(candidate) && candidate.level <= room);
}

function EditCategory({
  category,
  categories,
  onDeleted,
}: {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  onDeleted: () => void;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const saveCategory = useSaveCategory();
  const deleteCategory = useDeleteCategory();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<EditForm>({
    resolver: zodResolver(editForm),
    defaultValues: {
      name: category.name,
      slug: category.slug,
      slugLocked: category.slugLocked,
      hidden: category.hidden,
      parentId: category.parentId ?? '',
      image: category.image,
    },
  });
  const image = useWatch({ control, name: 'image' });
  const slugLocked = useWatch({ control, name: 'slugLocked' });
  const parents = possibleParents(category, categories);

  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const changes: Record<string, unknown> = {};
      if (dirtyFields.name) changes.name = values.name;
      if (dirtyFields.hidden) changes.hidden = values.hidden;
      if (dirtyFields.image) changes.image = values.image;
      if (values.slugLocked && (dirtyFields.slug || !category.slugLocked))
        changes.slug = values.slug;
      if (!values.slugLocked && category.slugLocked) changes.slugLocked = false;
      await saveCategory({
        categoryId: category.id,
        changes,
        parentId: dirtyFields.parentId ? values.parentId || null : undefined,
      });
      toast(`Category “${values.name}” saved.`);
    } catch (error) {
      setProblem(
        showServerErrors(error, setError, [
          'name',
          'slug',
          'slugLocked',
          'hidden',
          'parentId',
          'image',
        ]),
      );
    }
  });

  const remove = async () => {
    const sure = await confirm({
      title: `Delete “${category.name}”?`,
      body:
        category.totalProductCount > 0
          ? 'It still holds products: the shop will refuse until they are moved or deleted.'
          : 'Its sub-categories go with it. Links to it will show “not found”.',
      action: 'Delete category',
    });
    if (!sure) return;
    try {
      await deleteCategory(category.id);
      toast(`Category “${category.name}” deleted.`);
      onDeleted();
    } catch (error) {
      toast(
        error instanceof ApiError ? error.message : 'The category could not be deleted.',
        'danger',
      );
    }
  };

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">Edit “{category.name}”</h2>
        <Form noValidate onSubmit={submit}>
          {problem && <Alert variant="danger">{problem}</Alert>}
          <FormField label="Name" registration={register('name')} error={errors.name} />
          <Form.Check
            type="switch"
            id="category-slug-locked"
            className="mb-2"
            label="Set the web address by hand"
            {...register('slugLocked')}
          />
          <FormField
            label="Web address (slug)"
            registration={register('slug')}
            error={errors.slug}
            readOnly={!slugLocked}
            help={
              slugLocked
                ? 'The old address keeps working: it redirects here.'
                : 'Follows the name when you rename the category.'
            }
          />
          <Form.Group className="mb-3" controlId="category-parent">
            <Form.Label>Parent</Form.Label>
            <Form.Select {...register('parentId')} isInvalid={Boolean(errors.parentId)}>
              <option value="">None (top level)</option>
              {parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {'— '.repeat(parent.level - 1)}
                  {parent.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.parentId?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check
            type="switch"
            id="category-hidden"
            className="mb-3"
            label="Hidden from the storefront (with its sub-categories and products)"
            {...register('hidden')}
          />
          <CategoryImage
            name={category.name}
            image={image}
            error={errors.image?.message}
            onChange={(path) => setValue('image', path, { shouldDirty: true })}
          />
          <div className="d-flex justify-content-between gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save'}
            </Button>
            <Button variant="outline-danger" onClick={() => void remove()}>
              Delete
            </Button>
          </div>
          <p className="small text-body-secondary mt-3 mb-0">
            {category.productCount} products directly in it, {category.totalProductCount} with its
            sub-categories.
          </p>
        </Form>
      </Card.Body>
    </Card>
  );
}

/**
 * The category's picture: uploaded at once (in its sizes) into the categories folder, saved with
 * the form. Shown beside the category's name, so it needs no alt text of its own.
 */
function CategoryImage({
  name,
  image,
  error,
  onChange,
}: {
  name: string;
  image: string;
  error: string | undefined;
  onChange: (path: string) => void;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  const upload = async (file: File) => {
    setProblem('');
    setUploading(true);
    try {
      onChange(await uploadImage(file, 'categories'));
    } catch (failure) {
      setProblem(`${file.name}: ${failure instanceof ApiError ? failure.message : 'not uploaded'}`);
    } finally {
      setUploading(false);
    }
  };

  const message = problem || error;
  return (
    <fieldset className="mb-3" aria-describedby={`${inputId}-help`}>
      <legend className="form-label fs-6 mb-2">Image</legend>
      <div className="d-flex align-items-center gap-3">
        {image ? (
          <img src={previewUrl(image)} alt={`Image of ${name}`} className="category-image" />
        ) : (
          <div className="category-image category-image--none">No image</div>
        )}
        <div className="d-flex flex-column align-items-start gap-2">
          {uploading ? (
            <span role="status">Uploading…</span>
          ) : (
            <>
              <Form.Label htmlFor={inputId} className="btn btn-sm btn-outline-primary mb-0">
                {image ? 'Replace image' : 'Choose an image'}
              </Form.Label>
              <Form.Control
                id={inputId}
                type="file"
                accept="image/*"
                className="visually-hidden"
                onChange={(event) => {
                  const input = event.target as HTMLInputElement;
                  const file = input.files?.[0];
                  if (file) void upload(file);
                  input.value = '';
                }}
              />
            </>
          )}
          {image && !uploading && (
            <Button size="sm" variant="outline-danger" onClick={() => onChange('')}>
              Remove image
            </Button>
          )}
        </div>
      </div>
      {message && <div className="text-danger small mt-1">{message}</div>}
      <Form.Text id={`${inputId}-help`} muted>
        Shown beside the category’s name where the shop shows category pictures, so it needs no alt
        text. Saved with Save.
      </Form.Text>
    </fieldset>
  );
}

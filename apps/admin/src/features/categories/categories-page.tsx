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
import { type FieldError, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { uploadImage, useCategories } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import {
  useCreateCategory,
  useDeleteCategory,
  useReorderCategories,
  useSaveCategory,
} from './api.js';
import type en from './i18n/en.json';

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
  const t = useT<typeof en>();
  const message = useMessage();
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
      toast(t('categories.orderSaved'));
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('categories.orderFailed'),
        'danger',
      );
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
              {category.hidden && <Badge bg="secondary">{t('categories.hidden')}</Badge>}
              {!category.nameEn && (
                <Badge bg="warning" text="dark" title={t('categories.englishMissingHint')}>
                  {t('categories.englishMissing')}
                </Badge>
              )}
              <Badge bg="light" text="dark" title={t('categories.countHint')}>
                {category.totalProductCount}
              </Badge>
              {level < MAX_CATEGORY_DEPTH && (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={t('categories.addSub', { name: category.name })}
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
        <h1 className="h3 mb-0">{t('categories.title')}</h1>
        <Button onClick={() => setAddingUnder(null)}>{t('categories.new')}</Button>
      </div>
      <p className="text-body-secondary small">{t('categories.help')}</p>
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
              <p className="text-body-secondary">{t('categories.select')}</p>
            )}
          </Col>
        </Row>
      )}
    </>
  );
}

const newCategoryForm = z.object({ name: categoryNameSchema, nameEn: z.string() });

interface NameField {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}

/** The bokmål name and its English twin side by side, the English marked while it falls back. */
function CategoryNameFields({
  name,
  nameEn,
  english,
  autoFocus,
}: {
  name: NameField;
  nameEn: NameField;
  english: string;
  autoFocus?: boolean;
}) {
  const t = useT<typeof en>();
  return (
    <Row className="g-2">
      <Col sm={6}>
        <FormField label={t('categories.name')} autoFocus={autoFocus} {...name} />
      </Col>
      <Col sm={6}>
        <FormField
          label={t('categories.nameEn')}
          help={english.trim() ? undefined : t('categories.fallback')}
          {...nameEn}
        />
      </Col>
    </Row>
  );
}

function NewCategory({
  parent,
  onDone,
}: {
  parent: AdminCategory | undefined;
  onDone: (createdId?: string) => void;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const createCategory = useCreateCategory();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
    control,
  } = useForm<{ name: string; nameEn: string }>({
    resolver: zodResolver(newCategoryForm),
    defaultValues: { name: '', nameEn: '' },
  });
  const nameEn = useWatch({ control, name: 'nameEn' });
  const submit = handleSubmit(async ({ name, nameEn }) => {
    setProblem('');
    try {
      const created = await createCategory({ name, nameEn, parentId: parent?.id ?? null });
      toast(t('categories.created', { name }));
      onDone(created.id);
    } catch (error) {
      setProblem(message(showServerErrors(error, setError, ['name', 'nameEn'])));
    }
  });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">
          {parent ? t('categories.newSub', { name: parent.name }) : t('categories.new')}
        </h2>
        <Form noValidate onSubmit={submit}>
          {problem && <Alert variant="danger">{problem}</Alert>}
          <CategoryNameFields
            autoFocus
            name={{ registration: register('name'), error: errors.name }}
            nameEn={{ registration: register('nameEn'), error: errors.nameEn }}
            english={nameEn}
          />
          <div className="d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {t('categories.create')}
            </Button>
            <Button variant="outline-secondary" onClick={() => onDone()}>
              {t('common.cancel')}
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

const editForm = z.object({
  name: categoryNameSchema,
  nameEn: z.string(),
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
  const t = useT<typeof en>();
  const message = useMessage();
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
      nameEn: category.nameEn,
      slug: category.slug,
      slugLocked: category.slugLocked,
      hidden: category.hidden,
      parentId: category.parentId ?? '',
      image: category.image,
    },
  });
  const image = useWatch({ control, name: 'image' });
  const slugLocked = useWatch({ control, name: 'slugLocked' });
  const nameEn = useWatch({ control, name: 'nameEn' });
  const parents = possibleParents(category, categories);

  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const changes: Record<string, unknown> = {};
      if (dirtyFields.name) changes.name = values.name;
      if (dirtyFields.nameEn) changes.nameEn = values.nameEn;
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
      toast(t('categories.saved', { name: values.name }));
    } catch (error) {
      setProblem(
        showServerErrors(error, setError, [
          'name',
          'nameEn',
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
      title: t('categories.deleteTitle', { name: category.name }),
      body:
        category.totalProductCount > 0
          ? t('categories.deleteHoldsProducts')
          : t('categories.deleteBody'),
      action: t('categories.deleteAction'),
    });
    if (!sure) return;
    try {
      await deleteCategory(category.id);
      toast(t('categories.deleted', { name: category.name }));
      onDeleted();
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('categories.deleteFailed'),
        'danger',
      );
    }
  };

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('categories.editTitle', { name: category.name })}</h2>
        <Form noValidate onSubmit={submit}>
          {problem && <Alert variant="danger">{message(problem)}</Alert>}
          <CategoryNameFields
            name={{ registration: register('name'), error: errors.name }}
            nameEn={{ registration: register('nameEn'), error: errors.nameEn }}
            english={nameEn}
          />
          <Form.Check
            type="switch"
            id="category-slug-locked"
            className="mb-2"
            label={t('categories.slugByHand')}
            {...register('slugLocked')}
          />
          <FormField
            label={t('categories.slug')}
            registration={register('slug')}
            error={errors.slug}
            readOnly={!slugLocked}
            help={slugLocked ? t('categories.slugLockedHelp') : t('categories.slugFollowsHelp')}
          />
          <Form.Group className="mb-3" controlId="category-parent">
            <Form.Label>{t('categories.parent')}</Form.Label>
            <Form.Select {...register('parentId')} isInvalid={Boolean(errors.parentId)}>
              <option value="">{t('categories.topLevel')}</option>
              {parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {'— '.repeat(parent.level - 1)}
                  {parent.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {errors.parentId?.message && message(errors.parentId.message)}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Check
            type="switch"
            id="category-hidden"
            className="mb-3"
            label={t('categories.hiddenSwitch')}
            {...register('hidden')}
          />
          <CategoryImage
            name={category.name}
            image={image}
            error={errors.image?.message && message(errors.image.message)}
            onChange={(path) => setValue('image', path, { shouldDirty: true })}
          />
          <div className="d-flex justify-content-between gap-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t('categories.saving') : t('categories.save')}
            </Button>
            <Button variant="outline-danger" onClick={() => void remove()}>
              {t('categories.delete')}
            </Button>
          </div>
          <p className="small text-body-secondary mt-3 mb-0">
            {t('categories.counts', {
              direct: category.productCount,
              total: category.totalProductCount,
            })}
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
  const t = useT<typeof en>();
  const translate = useMessage();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  const upload = async (file: File) => {
    setProblem('');
    setUploading(true);
    try {
      onChange(await uploadImage(file, 'categories'));
    } catch (failure) {
      setProblem(
        t('categories.uploadFailed', {
          file: file.name,
          problem:
            failure instanceof ApiError ? translate(failure.message) : t('categories.notUploaded'),
        }),
      );
    } finally {
      setUploading(false);
    }
  };

  const message = problem || error;
  return (
    <fieldset className="mb-3" aria-describedby={`${inputId}-help`}>
      <legend className="form-label fs-6 mb-2">{t('categories.image')}</legend>
      <div className="d-flex align-items-center gap-3">
        {image ? (
          <img
            src={previewUrl(image)}
            alt={t('categories.imageOf', { name })}
            className="category-image"
          />
        ) : (
          <div className="category-image category-image--none">{t('categories.noImage')}</div>
        )}
        <div className="d-flex flex-column align-items-start gap-2">
          {uploading ? (
            <span role="status">{t('categories.uploading')}</span>
          ) : (
            <>
              <Form.Label htmlFor={inputId} className="btn btn-sm btn-outline-primary mb-0">
                {image ? t('categories.replaceImage') : t('categories.chooseImage')}
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
              {t('categories.removeImage')}
            </Button>
          )}
        </div>
      </div>
      {message && <div className="text-danger small mt-1">{message}</div>}
      <Form.Text id={`${inputId}-help`} muted>
        {t('categories.imageHelp')}
      </Form.Text>
    </fieldset>
  );
}

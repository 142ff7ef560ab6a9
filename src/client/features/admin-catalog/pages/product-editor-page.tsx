import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { StickySaveBar } from '#client/components/admin/sticky-save-bar.tsx';
import { sameDraft, useLeaveWarning } from '#client/components/admin/unsaved-changes.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { parseRouteId } from '#client/lib/parse-route-id.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';
import { useBrands } from '#client/lib/get-brands.ts';
import { useStockAlertDemand } from '../api/get-stock-alert-demand.ts';
import { saveProductDocument, uploadGalleryImage, useProductDocument, type SavedDocument } from '../api/product-document.ts';
import { useProductTypeCatalog } from '../api/product-types.ts';
import { AxesSection } from '../components/product-editor/axes-section.tsx';
import { BasicsSection } from '../components/product-editor/basics-section.tsx';
import {
  emptyEditor,
  enabledRows,
  fromDocument,
  issueKey,
  matrixRows,
  moveImage,
  removeImage,
  toDocument,
  type EditorState,
  type Row,
} from '../components/product-editor/editor-model.ts';
import { GallerySection } from '../components/product-editor/gallery-section.tsx';
import { SpecSection } from '../components/product-editor/spec-section.tsx';
import { VariantMatrix } from '../components/product-editor/variant-matrix.tsx';

type TypeView = ProductTypeCatalog['types'][number];

interface Errors {
  fields: Record<string, string>;
  rows: Record<string, Record<string, string>>;
}
const NO_ERRORS: Errors = { fields: {}, rows: {} };

/** A fresh editor on a type: its axes without values, one default variant on sale. */
function onType(state: EditorState, type: TypeView | undefined): EditorState {
  const fresh = emptyEditor(type ? String(type.id) : '');
  return {
    ...state,
    productTypeId: fresh.productTypeId,
    axes: (type?.options ?? []).map((axis) => ({ key: axis.key, name: axis.name, values: [] })),
    rows: fresh.rows,
    specs: {},
    overrides: {},
  };
}

function Editor({ id, catalog, loaded }: { id: number | null; catalog: ProductTypeCatalog; loaded: SavedDocument | null }) {
  const brands = useBrands();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const typeOf = (typeId: string) => catalog.types.find((type) => String(type.id) === typeId);
  // what was loaded or last saved: the editor is unsaved while it differs from this
  const [baseline, setBaseline] = useState<EditorState>(() => {
    if (loaded) {
      const type = catalog.types.find((candidate) => candidate.id === loaded.productTypeId);
      return fromDocument(loaded, type?.options ?? [], type?.attributes ?? []);
    }
    return onType(emptyEditor(), catalog.types[0]);
  });
  const [state, setState] = useState<EditorState>(baseline);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const unsaved = !sameDraft(state, baseline);
  useLeaveWarning(unsaved);
  const type = typeOf(state.productTypeId);
  const attributes = type?.attributes ?? [];
  const entries = matrixRows(state);
  const waiting = useStockAlertDemand(id);

  const setRow = (key: string, row: Row) => setState((current) => ({ ...current, rows: { ...current.rows, [key]: row } }));

  async function upload(files: File[]) {
    const stored = await Promise.all(files.map((file) => uploadGalleryImage(file, state.name || 'product')));
    setState((current) => ({ ...current, images: [...current.images, ...stored.map(({ url }) => ({ url, alt: current.name }))] }));
  }

  async function save() {
    const built = toDocument(state, attributes);
    if (Object.keys(built.issues).length > 0) {
      const found: Errors = { fields: {}, rows: {} };
      for (const [path, message] of Object.entries(built.issues)) {
        const at = path.startsWith('spec.') ? { field: path } : issueKey(path, built.variantKeys);
        if (at.row) (found.rows[at.row] ??= {})[at.field] = message;
        else found.fields[at.field] ??= message;
      }
      setErrors(found);
      toast({ title: 'Fix the marked fields', description: Object.values(built.issues)[0], variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      const saved = await saveProductDocument({ id, document: built.document });
      setErrors(NO_ERRORS);
      void invalidateCatalog(queryClient);
      toast({ title: 'Product saved', description: `${saved.name} was saved.` });
      const savedType = catalog.types.find((candidate) => candidate.id === saved.productTypeId);
      // the saved ids and stock become what the next save compares against
      const next = fromDocument(saved, savedType?.options ?? [], savedType?.attributes ?? []);
      setState(next);
      setBaseline(next);
      setSavedOnce(true);
      if (id === null) navigate(`/admin/products/${saved.id}/edit`, { replace: true });
    } catch (error) {
      const found: Errors = { fields: {}, rows: {} };
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const at = issueKey(issue.path, built.variantKeys, built.attributeKeys);
          if (at.row) (found.rows[at.row] ??= {})[at.field] = issue.message;
          else found.fields[at.field] ??= issue.message;
        }
      }
      setErrors(found);
      toast({ title: 'Failed to save product', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  const sections = 'grid gap-4';
  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
    >
      <Card>
        <CardHeader>
          <CardTitle>Product</CardTitle>
        </CardHeader>
        <CardContent className={sections}>
          <BasicsSection
            value={state}
            savedSlug={loaded?.slug ?? null}
            brands={brands.data ?? []}
            types={catalog.types}
            errors={errors.fields}
            onChange={(changes) => setState((current) => ({ ...current, ...changes }))}
            onType={(typeId) => setState((current) => onType(current, typeOf(typeId)))}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Gallery</CardTitle>
        </CardHeader>
        <CardContent>
          <GallerySection
            images={state.images}
            errors={errors.fields}
            onUpload={upload}
            onAlt={(index, alt) =>
              setState((current) => ({ ...current, images: current.images.map((image, at) => (at === index ? { ...image, alt } : image)) }))
            }
            onMove={(from, to) => setState((current) => moveImage(current, from, to))}
            onRemove={(index) => setState((current) => removeImage(current, index))}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Options and variants</CardTitle>
          <CardDescription>Pick the values of each option, then tick the combinations you sell.</CardDescription>
        </CardHeader>
        <CardContent className={sections}>
          <AxesSection axes={state.axes} known={catalog.optionTypes} onChange={(axes) => setState((current) => ({ ...current, axes }))} />
          {errors.fields.variants ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.fields.variants}
            </p>
          ) : null}
          <VariantMatrix entries={entries} images={state.images} rowErrors={errors.rows} onRow={setRow} waiting={waiting} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Spec sheet{type ? `: ${type.name}` : ''}</CardTitle>
        </CardHeader>
        <CardContent>
          <SpecSection
            attributes={attributes}
            specs={state.specs}
            overrides={state.overrides}
            variants={enabledRows(state)}
            errors={errors.fields}
            onSpec={(key, value) => setState((current) => ({ ...current, specs: { ...current.specs, [key]: value } }))}
            onOverrides={(key, values) =>
              setState((current) => {
                const overrides = { ...current.overrides };
                if (values === null) delete overrides[key];
                else overrides[key] = values;
                return { ...current, overrides };
              })
            }
          />
        </CardContent>
      </Card>
      <StickySaveBar
        label="Product changes"
        submitLabel="Save product"
        unsaved={unsaved}
        saving={saving}
        saved={savedOnce}
        subject={baseline.name.trim() ? `“${baseline.name.trim()}”` : 'this new product'}
        onDiscard={() => {
          setState(baseline);
          setErrors(NO_ERRORS);
        }}
        aside={
          <Link href="/admin?tab=products" className="inline-flex min-h-10 items-center px-2 text-sm font-medium text-gray-700 underline">
            Back to products
          </Link>
        }
      />
    </form>
  );
}

/** /admin/products/new and /admin/products/:id/edit: a whole product with its variants, gallery and spec sheet. */
export default function ProductEditorPage({ id: rawId }: { id?: string }) {
  const id = rawId === undefined ? null : parseRouteId(rawId);
  const catalog = useProductTypeCatalog();
  const loaded = useProductDocument(id);
  const title = id === null ? 'New product' : loaded.data ? `Edit ${loaded.data.name}` : 'Edit product';
  useDocumentTitle(title);
  const waiting = catalog.isLoading || (id !== null && loaded.isLoading);
  const failed = catalog.error ?? (id !== null ? loaded.error : null);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin?tab=products" className="text-sm font-medium text-gray-700 underline">
          Products
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">{title}</h1>
      </div>
      {rawId !== undefined && id === null ? (
        <p role="alert">Product not found.</p>
      ) : waiting ? (
        <Spinner label="Loading the product" />
      ) : failed ? (
        <LoadError
          title="The product could not be loaded"
          error={failed}
          onRetry={() => void (catalog.error ? catalog.refetch() : loaded.refetch())}
          retrying={catalog.isFetching || loaded.isFetching}
        />
      ) : (
        <Editor key={id ?? 'new'} id={id} catalog={catalog.data!} loaded={id === null ? null : (loaded.data ?? null)} />
      )}
    </div>
  );
}

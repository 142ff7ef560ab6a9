import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { HOME_SECTION_KINDS, HOME_SECTION_LABELS, MAX_HOME_SECTIONS, type HomeSection, type HomeSectionKind } from '#common/schemas/home.ts';
import { Button } from '#client/components/ui/button.tsx';
import { fieldClasses } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useHomeLayout, usePreviewHome, useProductTypes, useSaveHome } from '../api/home-admin.ts';
import { HomePreview } from '../components/home-preview.tsx';
import { newSection, sectionLabel } from '../components/section-defaults.ts';
import { SectionEditor } from '../components/section-editor.tsx';

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** The owner arranges the home page (decision 061): add, remove, reorder and edit sections, preview the draft, save. */
export default function AdminHomePage() {
  useDocumentTitle('Home Page');
  const layout = useHomeLayout();
  const types = useProductTypes();
  const save = useSaveHome();
  const preview = usePreviewHome();
  const [draft, setDraft] = useState<HomeSection[] | null>(null);
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [kind, setKind] = useState<HomeSectionKind>('products');
  const [names] = useState(() => new Map<number, string>());
  const [, rerender] = useState(0);

  // the saved layout becomes the draft once, and again after each save
  useEffect(() => {
    if (layout.data && layout.data.version !== version) {
      setDraft(layout.data.sections);
      setVersion(layout.data.version);
    }
  }, [layout.data, version]);

  if (layout.isLoading || !draft) return layout.isError ? <p role="alert">{layout.error.message}</p> : <Spinner label="Loading the home page" />;

  const change = (next: HomeSection[]) => {
    setDraft(next);
    preview.reset();
  };
  const move = (from: number, to: number) => {
    change(moved(draft, from, to));
    // the button pressed may now be at an end and disabled: keep the keyboard on the section's own button
    requestAnimationFrame(() => document.getElementById(`move-${to < from ? 'up' : 'down'}-${draft[from]!.id}`)?.focus());
  };
  const add = () => {
    const section = newSection(kind, new Set(draft.map((item) => item.id)));
    change([...draft, section]);
    setOpen(section.id);
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">Home Page</h1>
        <p className="mt-1 text-sm text-gray-700">The sections of the shop's home page, top to bottom. Preview the draft, then save it.</p>
      </div>

      <ol className="grid gap-3" aria-label="Home page sections">
        {draft.map((section, index) => {
          const label = sectionLabel(section);
          const editing = open === section.id;
          return (
            <li key={section.id} className="rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <p className="w-full min-w-0 font-semibold text-gray-900 sm:w-auto sm:flex-1">
                  {index + 1}. {label}
                </p>
                <Button
                  id={`move-up-${section.id}`}
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === 0}
                  aria-label={`Move up: ${label}`}
                  onClick={() => move(index, index - 1)}
                >
                  Move up
                </Button>
                <Button
                  id={`move-down-${section.id}`}
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === draft.length - 1}
                  aria-label={`Move down: ${label}`}
                  onClick={() => move(index, index + 1)}
                >
                  Move down
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-expanded={editing}
                  aria-label={`Edit: ${label}`}
                  onClick={() => setOpen(editing ? null : section.id)}
                >
                  {editing ? 'Close' : 'Edit'}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove: ${label}`}
                  onClick={() => change(draft.filter((item) => item.id !== section.id))}
                >
                  Remove
                </Button>
              </div>
              {editing ? (
                <div className="mt-3 border-t border-gray-100 pt-3">
                  <SectionEditor
                    section={section}
                    types={types.data ?? []}
                    productNames={names}
                    onChange={(next) => change(draft.map((item) => (item.id === section.id ? next : item)))}
                    onProductName={(id, name) => {
                      names.set(id, name);
                      rerender((n) => n + 1);
                    }}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>

      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor="new-section-kind" className="text-sm font-medium text-gray-900">
            New section
          </label>
          <select
            id="new-section-kind"
            className={cn(fieldClasses, 'h-11 md:h-10')}
            value={kind}
            onChange={(event) => setKind(event.target.value as HomeSectionKind)}
          >
            {HOME_SECTION_KINDS.map((option) => (
              <option key={option} value={option}>
                {HOME_SECTION_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <Button type="button" variant="outline" disabled={draft.length >= MAX_HOME_SECTIONS} onClick={add}>
          Add section
        </Button>
      </div>

      {save.isError ? (
        <p role="alert" className="text-red-700">
          {save.error.message}
        </p>
      ) : null}
      {preview.isError ? (
        <p role="alert" className="text-red-700">
          {preview.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={preview.isPending} onClick={() => preview.mutate(draft)}>
          Preview
        </Button>
        <Button type="button" disabled={save.isPending} onClick={() => save.mutate({ version, sections: draft })}>
          Save home page
        </Button>
      </div>

      {preview.data ? (
        <section aria-labelledby="home-preview-heading" className="grid gap-2">
          <h2 id="home-preview-heading" className="text-xl font-bold text-gray-900">
            Preview
          </h2>
          <HomePreview sections={preview.data.sections} />
        </section>
      ) : null}
    </div>
  );
}

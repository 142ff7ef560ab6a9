import { Button } from '#client/components/ui/button.tsx';

interface CatalogRowActionsProps {
  name: string;
  isFeatured: boolean;
  featurePending: boolean;
  onToggleFeatured: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** Feature/Unfeature, Edit and Delete of a brand or product row. */
export function CatalogRowActions({ name, isFeatured, featurePending, onToggleFeatured, onEdit, onDelete }: CatalogRowActionsProps) {
  const featureLabel = isFeatured ? 'Unfeature' : 'Feature';
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant={isFeatured ? 'secondary' : 'outline'}
        disabled={featurePending}
        onClick={onToggleFeatured}
        aria-label={`${featureLabel} ${name}`}
      >
        {featureLabel}
      </Button>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="sm" variant="destructive" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </div>
  );
}

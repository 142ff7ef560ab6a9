import { AutoRecoveryCard } from './auto-recovery-card.tsx';
import { ManualImageScan } from './manual-image-scan.tsx';

/** Image-manager: automatic recovery and a manual scan. */
export function ImageManagerTab() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h2 className="text-xl font-bold text-gray-900">Image Manager</h2>
        <p className="text-sm text-gray-600">Repair products whose image file is missing or unreadable.</p>
      </div>
      <AutoRecoveryCard />
      <ManualImageScan />
    </div>
  );
}

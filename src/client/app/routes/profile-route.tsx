import ProfilePage from '#client/features/accounts/pages/profile-page.tsx';
import { ProfilePageSkeleton } from '#client/features/accounts/components/profile-skeleton.tsx';
import { ProtectedRoute } from '../protected-route.tsx';

/** /profile for a signed-in shopper, in the profile page's own chunk (its skeleton and the session check with it). */
export default function ProfileRoute() {
  return (
    <ProtectedRoute loading={<ProfilePageSkeleton />}>
      <ProfilePage />
    </ProtectedRoute>
  );
}

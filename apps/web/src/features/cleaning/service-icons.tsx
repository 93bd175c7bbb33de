import { cleaningServiceIcons, type CleaningServiceIcon } from '@shop/shared';

/** A service tile's line drawing, in the style of components/ui/icons.tsx. */
export function ServicePicture({ icon }: { icon: CleaningServiceIcon }) {
  return (
    <svg
      width="32"
      height="32"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {cleaningServiceIcons[icon].paths.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

import type { ReactNode } from 'react';

/** One line-drawn picture per service tile, in the style of components/ui/icons.tsx. */
function ServiceIcon({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  );
}

const house = <path d="M3 11 12 4l9 7M5 10v10h14V10M10 20v-5h4v5" />;
const box = (
  <>
    <path d="M3 8 12 4l9 4-9 4-9-4Z" />
    <path d="M3 8v8l9 4 9-4V8M12 12v8" />
  </>
);
const sparkle = (
  <>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4" />
    <path d="m6 6 2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18" />
  </>
);
const office = (
  <>
    <path d="M4 21V4h10v17M14 9h6v12M2 21h20" />
    <path d="M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1M17 13h1M17 17h1" />
  </>
);
const warehouse = (
  <>
    <path d="M2 9 12 4l10 5v12H2V9Z" />
    <path d="M6 21v-8h12v8M6 17h12" />
  </>
);
const school = (
  <>
    <path d="M2 9 12 5l10 4-10 4L2 9Z" />
    <path d="M6 11v5c2 2 10 2 12 0v-5M22 9v6" />
  </>
);
const windowPane = (
  <>
    <rect x="4" y="3" width="16" height="18" rx="1" />
    <path d="M12 3v18M4 12h16" />
  </>
);
const floor = (
  <>
    <path d="M3 20h18M5 20l3-6h8l3 6" />
    <path d="M12 14V4" />
  </>
);
const calendar = (
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4M9 15l2 2 4-4" />
  </>
);
const broom = (
  <>
    <path d="M19 3 12 10" />
    <path d="M12 10c-3 0-5 1-7 4l-2 7 7-2c3-2 4-4 4-7l-2-2Z" />
    <path d="m6 19 3-4M9 20l2-3" />
  </>
);
const shield = (
  <>
    <path d="M12 3 5 6v5c0 5 3 8 7 10 4-2 7-5 7-10V6l-7-3Z" />
    <path d="M12 9v6M9 12h6" />
  </>
);
const bed = (
  <>
    <path d="M3 18V6M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-8v5" />
    <circle cx="6.5" cy="10.5" r="1.5" />
  </>
);

const pictures: Record<string, ReactNode> = {
  'House Cleaning': house,
  'Moving-related Cleaning': box,
  Deepclean: sparkle,
  'Office Cleaning': office,
  'WareHouse Cleaning': warehouse,
  'School/College Cleaning': school,
  'Window Cleaning': windowPane,
  'Floor Treatment': floor,
  'Daily Cleaing': calendar,
  'Main Cleaning': broom,
  'Hygene Cleaning': shield,
  'Hospitality Cleaning': bed,
};

export function ServicePicture({ service }: { service: string }) {
  return <ServiceIcon>{pictures[service]}</ServiceIcon>;
}

// Icons of the schedule and crew profile screens, drawn like components/Icons.tsx (decorative:
// the control around them carries the name).
import { Svg } from './Icons.tsx';

export const BackIcon = () => (
  <Svg width={18} height={18}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Svg>
);

export const UploadIcon = () => (
  <Svg width={24} height={24}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m17 8-5-5-5 5M12 3v12" />
  </Svg>
);

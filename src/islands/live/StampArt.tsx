import type { ReactNode } from 'react';
import type { Stamp } from '../../../contracts/live-tables';

/** The site's palette: gold on brown, cream highlights, the tables' red and green. */
const GOLD = '#f5c451';
const DEEP = '#c98a0b';
const BROWN = '#1a100b';
const CREAM = '#f6ead8';
const RED = '#b91c1c';
const GREEN = '#15803d';

const face = (mouth: ReactNode, eyes: ReactNode = <Eyes />, extra?: ReactNode) => (
  <>
    <circle cx="16" cy="16" r="10.5" fill={GOLD} stroke={BROWN} strokeWidth="1.6" />
    {eyes}
    {mouth}
    {extra}
  </>
);
function Eyes() {
  return (
    <>
      <circle cx="12.3" cy="14" r="1.4" fill={BROWN} />
      <circle cx="19.7" cy="14" r="1.4" fill={BROWN} />
    </>
  );
}
const stroke = { stroke: BROWN, strokeWidth: 1.6, strokeLinecap: 'round', strokeLinejoin: 'round', fill: 'none' } as const;

/** Each stamp's drawing on a 32-unit square (the badge behind it is drawn by StampArt). */
const ART: Record<Stamp, ReactNode> = {
  nice: (
    <path
      d="M9 15h4v10H9zM13 15l4-7c1.6 0 2.6 1.2 2.2 2.8L18.6 14H24a2 2 0 0 1 2 2.3l-1.3 6.6A2.5 2.5 0 0 1 22.3 25H13"
      fill={GOLD}
      stroke={BROWN}
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  ),
  wow: face(
    <ellipse cx="16" cy="20.5" rx="2.4" ry="3" fill={BROWN} />,
    <>
      <circle cx="12.3" cy="13.5" r="2" fill={CREAM} stroke={BROWN} />
      <circle cx="19.7" cy="13.5" r="2" fill={CREAM} stroke={BROWN} />
    </>,
  ),
  gg: (
    <>
      <path d="M10 8h12v5a6 6 0 0 1-12 0z" fill={GOLD} stroke={BROWN} strokeWidth="1.6" />
      <path d="M10 10H7a3 3 0 0 0 3 5M22 10h3a3 3 0 0 1-3 5" {...stroke} />
      <path d="M16 19v4M11.5 26h9l-1-3h-7z" fill={DEEP} stroke={BROWN} strokeWidth="1.6" strokeLinejoin="round" />
    </>
  ),
  lucky: (
    <>
      {[0, 90, 180, 270].map((a) => (
        <path
          key={a}
          d="M16 15c-5-1-6-7-2.5-7.5C15 7.3 16 9 16 9s1-1.7 2.5-1.5C22 8 21 14 16 15z"
          fill={GREEN}
          stroke={BROWN}
          strokeWidth="1.2"
          transform={`rotate(${a} 16 15.5)`}
        />
      ))}
      <path d="M16 16c1 4 3 7 5 9" {...stroke} />
    </>
  ),
  close: (
    <>
      <circle cx="15" cy="17" r="9" fill={CREAM} stroke={BROWN} strokeWidth="1.6" />
      <circle cx="15" cy="17" r="5.5" fill={RED} stroke={BROWN} strokeWidth="1.2" />
      <circle cx="15" cy="17" r="2" fill={CREAM} />
      <path d="M27 6l-8.5 8.5M24 5.5l3 .5.5 3" {...stroke} />
    </>
  ),
  again: (
    <>
      <path d="M24 14a8.5 8.5 0 1 0-1.2 7" fill="none" stroke={DEEP} strokeWidth="3.4" strokeLinecap="round" />
      <path d="M24 14a8.5 8.5 0 1 0-1.2 7" fill="none" stroke={GOLD} strokeWidth="1.6" strokeLinecap="round" />
      <path d="M25.5 7.5 24.5 14l-6.2-1.5z" fill={GOLD} stroke={BROWN} strokeWidth="1.2" strokeLinejoin="round" />
    </>
  ),
  hot: (
    <>
      <path d="M20 9c-6 1-12 6-12 15 4-1 11-3 14-9 1-2 0-5-2-6z" fill={RED} stroke={BROWN} strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M20 9c0-2 1-3 3-4M19.5 9.5c2 0 3.5 1 3.8 2.5" stroke={GREEN} strokeWidth="2" strokeLinecap="round" fill="none" />
    </>
  ),
  cool: face(
    <path d="M12 20.5c2.5 2 5.5 2 8 0" {...stroke} />,
    <path d="M7.5 12.5h17l-1 3.5a2.5 2.5 0 0 1-2.4 1.8h-2.2a2.5 2.5 0 0 1-2.4-2l-.5-1.3-.5 1.3a2.5 2.5 0 0 1-2.4 2h-2.2a2.5 2.5 0 0 1-2.4-1.8z" fill={BROWN} />,
  ),
  clap: (
    <>
      <path
        d="M11 25l-3-8c-.5-1.5 1.3-2.3 2-1l2 3-3-7c-.6-1.5 1.3-2.3 2-1l3 6-1-7c-.2-1.5 1.8-1.8 2.2-.3l2 7 .5-5c.2-1.5 2.2-1.4 2.2.1L21 21c0 3-2 5-5 5.5z"
        fill={GOLD}
        stroke={BROWN}
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <path d="M23 6l1.5-2M26 9l2.5-1M25.5 13H28" {...stroke} stroke={DEEP} />
    </>
  ),
  cheers: (
    <>
      <path d="M6 9l7-1.5 1 7a3.5 3.5 0 0 1-6.8 1.4zM13 17l1.5 7M11.5 24.5l5-1" fill={CREAM} stroke={BROWN} strokeWidth="1.4" strokeLinejoin="round" />
      <path d="M26 9l-7-1.5-1 7a3.5 3.5 0 0 0 6.8 1.4zM19 17l-1.5 7M20.5 24.5l-5-1" fill={CREAM} stroke={BROWN} strokeWidth="1.4" strokeLinejoin="round" />
      <path d="M7.6 12.2l5.6-1.2.6 3.6a3 3 0 0 1-5.6 1.1zM24.4 12.2 18.8 11l-.6 3.6a3 3 0 0 0 5.6 1.1z" fill={GOLD} />
      <path d="M16 3v2.5M13 4.5l1 1.5M19 4.5 18 6" {...stroke} stroke={DEEP} />
    </>
  ),
  fingers: (
    <>
      <path
        d="M16 5l2.6 6.4 6.9.5-5.3 4.5 1.7 6.7L16 19.4l-5.9 3.7 1.7-6.7-5.3-4.5 6.9-.5z"
        fill={GOLD}
        stroke={BROWN}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M6 26h.1M26 26h.1M16 27h.1" stroke={DEEP} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  sweat: face(
    <path d="M12.5 21.5h7" {...stroke} />,
    <Eyes />,
    <path d="M24 6c-1.5 2.5-2.5 4-2.5 5.3a2.5 2.5 0 0 0 5 0C26.5 10 25.5 8.5 24 6z" fill="#7dd3fc" stroke={BROWN} strokeWidth="1.2" />,
  ),
  party: (
    <>
      <path d="M6 26l5-14 9 9z" fill={GOLD} stroke={BROWN} strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M8.5 19l4.5 4.5M10 15l7 7" stroke={RED} strokeWidth="1.6" />
      <path d="M17 11c1-3 4-3 5-6M21 15c2-1 4 0 6-1" {...stroke} stroke={DEEP} />
      <circle cx="23" cy="9" r="1.4" fill={RED} />
      <circle cx="26" cy="19" r="1.4" fill={GREEN} />
      <circle cx="15" cy="6" r="1.4" fill={CREAM} />
    </>
  ),
  fire: (
    <>
      <path d="M16 4c1 5 8 8 8 15a8 8 0 0 1-16 0c0-4 2-6 3-7 0 2 1 4 3 4-1-5 0-9 2-12z" fill={RED} stroke={BROWN} strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M16 14c.5 3 4 4.5 4 8a4 4 0 0 1-8 0c0-2 1.2-3.4 2-4 .3 1.4 1 2 2 2-.4-2.2-.5-4 0-6z" fill={GOLD} />
    </>
  ),
  hello: (
    <>
      <path
        d="M10 18V10c0-1.6 2.4-1.6 2.4 0v6V7.5c0-1.6 2.4-1.6 2.4 0V15V7c0-1.6 2.4-1.6 2.4 0v8.5V9c0-1.6 2.4-1.6 2.4 0v10c0 4-2.5 7-6.5 7-2.5 0-4-1.2-5.3-3l-3-4.6c-.8-1.3.9-2.5 2-1.3z"
        fill={GOLD}
        stroke={BROWN}
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <path d="M24.5 7a5 5 0 0 1 2 4M26.5 4.5a8 8 0 0 1 3 6" {...stroke} stroke={DEEP} />
    </>
  ),
  thanks: (
    <path d="M16 26S6 20 6 12.5A5 5 0 0 1 16 10a5 5 0 0 1 10 2.5C26 20 16 26 16 26z" fill={RED} stroke={BROWN} strokeWidth="1.6" strokeLinejoin="round" />
  ),
  oops: face(
    <path d="M12 21.5c1.3-1.3 2.7-1.3 4 0s2.7 1.3 4 0" {...stroke} />,
    <path d="M10.8 12.5l3 3M13.8 12.5l-3 3M18.2 12.5l3 3M21.2 12.5l-3 3" {...stroke} />,
  ),
  gogo: (
    <>
      <path d="M18 3 8 18h7l-2 11 11-16h-7z" fill={GOLD} stroke={BROWN} strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M5 10h3M4 14h2.5M26 20h2.5M25 24h3" {...stroke} stroke={DEEP} />
    </>
  ),
};

/** A stamp's drawing: a round cream-edged badge with the stamp's picture (decorative; its word is beside it). */
export default function StampArt({ stamp, className = 'h-8 w-8' }: { stamp: Stamp; className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15.5" fill="#4a3122" stroke={GOLD} strokeWidth="1" />
      {ART[stamp]}
    </svg>
  );
}

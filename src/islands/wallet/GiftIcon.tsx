/** The daily bonus gift, drawn as SVG: an emoji would show an empty box without a colour-emoji font. */
export default function GiftIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} data-icon="gift">
      <rect x="3" y="9" width="18" height="4" rx="1" fill="#f5c542" />
      <rect x="4.5" y="13" width="15" height="8" rx="1" fill="#d4a017" />
      <rect x="10.5" y="9" width="3" height="12" fill="#b91c1c" />
      <path d="M12 9c-1.5-3.5-6-4.5-6-2s3.5 2 6 2zm0 0c1.5-3.5 6-4.5 6-2s-3.5 2-6 2z" fill="none" stroke="#b91c1c" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

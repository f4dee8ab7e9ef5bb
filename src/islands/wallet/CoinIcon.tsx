/** The coin icon beside every coin amount; decorative (the amount's label says "coins"). */
export default function CoinIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} focusable="false">
      <circle cx="12" cy="12" r="10" fill="#d4a017" stroke="#8a6508" strokeWidth="1.5" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#fbe7a1" strokeWidth="1.2" />
      <path d="M12 8.2v7.6M9.8 10h3.4a1.4 1.4 0 010 2.8h-2.4a1.4 1.4 0 000 2.8h3.4" fill="none" stroke="#5c4306" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** The picture beside the sign-in forms: a savings card, a growth chart and members, drawn in the theme's colours. */
import { useTheme } from '@mui/material/styles';

export function AuthIllustration() {
  const t = useTheme();
  const p = t.palette.primary.main;
  const paper = t.palette.mode === 'dark' ? '#1F2A25' : '#FFFFFF';
  const line = t.palette.mode === 'dark' ? 'rgba(255,255,255,0.12)' : 'rgba(31,42,36,0.08)';
  const soft = t.palette.mode === 'dark' ? 'rgba(255,255,255,0.35)' : 'rgba(31,42,36,0.35)';
  return (
    <svg
      viewBox="0 0 520 420"
      width="100%"
      direction="ltr"
      style={{ maxWidth: 520, display: 'block', direction: 'ltr' }}
      role="img"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="ai-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={t.palette.primary.light} />
          <stop offset="1" stopColor={t.palette.primary.dark} />
        </linearGradient>
        <linearGradient id="ai-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={p} stopOpacity="0.35" />
          <stop offset="1" stopColor={p} stopOpacity="0" />
        </linearGradient>
        <filter id="ai-shadow" x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="12" stdDeviation="14" floodColor="#0B2417" floodOpacity="0.14" />
        </filter>
      </defs>
      <circle cx="420" cy="80" r="60" fill={p} opacity="0.08" />
      <circle cx="70" cy="350" r="46" fill={p} opacity="0.08" />
      {/* chart card */}
      <g filter="url(#ai-shadow)">
        <rect x="150" y="40" width="330" height="210" rx="20" fill={paper} />
      </g>
      <rect x="176" y="66" width="110" height="10" rx="5" fill={soft} opacity="0.6" />
      <rect x="176" y="86" width="70" height="8" rx="4" fill={soft} opacity="0.35" />
      <rect x="404" y="64" width="52" height="24" rx="12" fill={p} opacity="0.14" />
      <text x="430" y="81" textAnchor="middle" fontSize="12" fontWeight="600" fill={p} fontFamily="Poppins, sans-serif">
        +18%
      </text>
      {[0, 1, 2, 3].map((i) => (
        <line key={i} x1="176" x2="456" y1={124 + i * 30} y2={124 + i * 30} stroke={line} />
      ))}
      <path d="M176 214 C 214 206, 232 178, 268 182 S 322 150, 352 156 S 408 118, 456 110 L 456 214 Z" fill="url(#ai-area)" />
      <path
        d="M176 214 C 214 206, 232 178, 268 182 S 322 150, 352 156 S 408 118, 456 110"
        fill="none"
        stroke={p}
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <circle cx="456" cy="110" r="6" fill={paper} stroke={p} strokeWidth="3" />
      {/* savings card */}
      <g filter="url(#ai-shadow)">
        <rect x="40" y="176" width="250" height="150" rx="20" fill="url(#ai-card)" />
      </g>
      <circle cx="78" cy="214" r="16" fill="#fff" opacity="0.22" />
      <path d="M78 222v-13" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M78 214c-4.8 0-7.6-2.8-8-7 4.8-.1 8 2.3 8 7Z" fill="#fff" />
      <path d="M78 211.5c.1-4.5 3-7.3 8.2-7.2-.1 4.6-3.3 7.2-8.2 7.2Z" fill="#fff" opacity=".85" />
      <rect x="64" y="252" width="96" height="9" rx="4.5" fill="#fff" opacity="0.55" />
      <text x="64" y="294" fontSize="24" fontWeight="700" fill="#fff" fontFamily="Poppins, sans-serif">
        Rp 12.450.000
      </text>
      <rect x="226" y="206" width="40" height="26" rx="6" fill="#fff" opacity="0.25" />
      {/* members card */}
      <g filter="url(#ai-shadow)">
        <rect x="270" y="280" width="210" height="96" rx="18" fill={paper} />
      </g>
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={302 + i * 24} cy="316" r="15" fill={[p, '#F59E0B', '#0EA5E9'][i]} stroke={paper} strokeWidth="3" />
      ))}
      <rect x="374" y="306" width="80" height="8" rx="4" fill={soft} opacity="0.55" />
      <rect x="374" y="320" width="52" height="7" rx="3.5" fill={soft} opacity="0.3" />
      <rect x="290" y="346" width="164" height="8" rx="4" fill={line} />
      <rect x="290" y="346" width="118" height="8" rx="4" fill={p} />
    </svg>
  );
}

import { Icon, type IconProps } from '@chakra-ui/react/icon'

// Simple line and shape icons drawn for Paryatan. They inherit the text colour
// (currentColor) unless they carry a fixed brand mark.

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </Icon>
  )
}

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
      </svg>
    </Icon>
  )
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M6.5 3.5h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A16.5 16.5 0 0 1 4.5 5.5a2 2 0 0 1 2-2Z" />
      </svg>
    </Icon>
  )
}

/** A four-colour "G" for the Google sign-in button. */
export function GoogleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" strokeWidth="3.2">
        <path d="M20.5 12h-8" stroke="#4285f4" />
        <path d="M20.5 12a8.5 8.5 0 0 1-3.2 6.6" stroke="#4285f4" />
        <path d="M17.3 18.6A8.5 8.5 0 0 1 4.4 15.6" stroke="#34a853" />
        <path d="M4.4 15.6a8.5 8.5 0 0 1 0-7.2" stroke="#fbbc05" />
        <path d="M4.4 8.4a8.5 8.5 0 0 1 13-2.7" stroke="#ea4335" />
      </svg>
    </Icon>
  )
}

export function FacebookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="currentColor">
        <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21h3.2Z" />
      </svg>
    </Icon>
  )
}

export function InstagramIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
      </svg>
    </Icon>
  )
}

export function XIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M5 4h3.5L19 20h-3.5L5 4Z" strokeLinejoin="round" />
        <path d="M18.5 4 13 10.3M11 13.7 5.5 20" />
      </svg>
    </Icon>
  )
}

export function LinkedInIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="currentColor">
        <rect x="4" y="9" width="3.4" height="11" rx="0.5" />
        <circle cx="5.7" cy="5.6" r="1.9" />
        <path d="M10 9h3.2v1.6c.5-.9 1.7-1.9 3.6-1.9 3 0 3.7 2 3.7 4.6V20h-3.4v-5.9c0-1.3-.3-2.5-1.8-2.5s-1.9 1.1-1.9 2.4v6H10V9Z" />
      </svg>
    </Icon>
  )
}

export function YouTubeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="currentColor">
        <path
          fillRule="evenodd"
          d="M6.5 5.5h11a4 4 0 0 1 4 4v5a4 4 0 0 1-4 4h-11a4 4 0 0 1-4-4v-5a4 4 0 0 1 4-4ZM10 9v6l5-3-5-3Z"
        />
      </svg>
    </Icon>
  )
}

/** Paryatan's mark: a terracotta sun rising behind a dark blue horizon. */
export function LogoMark(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="var(--chakra-colors-brand-700)" />
        <circle cx="16" cy="17" r="7" fill="var(--chakra-colors-terracotta-400)" />
        <path d="M4 19h24v1.8H4zM7 23h18v1.6H7z" fill="var(--chakra-colors-brand-50)" />
      </svg>
    </Icon>
  )
}

/** An open eye: "show the password". */
export function EyeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
        <circle cx="12" cy="12" r="3" />
      </svg>
    </Icon>
  )
}

/** A struck-through eye: "hide the password". */
export function EyeOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.6 3.5M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6" />
        <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
        <path d="m3 3 18 18" />
      </svg>
    </Icon>
  )
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
      </svg>
    </Icon>
  )
}

export function ClearIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </Icon>
  )
}

export function PauseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="currentColor">
        <rect x="6" y="5" width="4" height="14" rx="1" />
        <rect x="14" y="5" width="4" height="14" rx="1" />
      </svg>
    </Icon>
  )
}

export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <svg viewBox="0 0 24 24" fill="currentColor">
        <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
      </svg>
    </Icon>
  )
}

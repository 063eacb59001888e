// Every colour the game draws, in one place. Player colours are from the Okabe-Ito palette so the
// two players stay distinguishable with the common forms of colour blindness.

export const palette = {
  background: 0x161c26,
  backdropGrid: 0x222b38,
  solidFill: 0x3b4658,
  solidEdge: 0x263040,
  solidTop: 0x9fb4c8,
  wallFill: 0x2a3240,
  plank: 0x8c7f6e,
  plankShade: 0x54493d,
  goal: 0x009e73,
  goalLabel: 0x7fe0c0,
  flagPole: 0xd8dee6,
  player: [0x0072b2, 0xe69f00] as const,
  playerOutline: [0x003a5c, 0x7a5400] as const,
  anchoredOutline: [0x00111c, 0x2a1c00] as const,
  eye: 0xffffff,
  pupil: 0x111111,
  stake: 0xc9d1da,
  ropeTaut: 0x8b5a2b,
  ropeSlack: 0xb8793c,
  label: 0xffffff,
} as const;

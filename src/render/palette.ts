// Every colour the game draws, in one place. Player colours are from the Okabe-Ito palette so the
// two players stay distinguishable with the common forms of colour blindness.

export const palette = {
  background: 0x161c26,
  /** The far wall behind the level: loose stones a shade above the sky, their lit top edges,
   *  and roots hanging under overhangs. Faint, so the playable stone always reads in front. */
  backdropStone: 0x1c2330,
  backdropStoneEdge: 0x242d3b,
  backdropRoot: 0x2c3326,
  solidFill: 0x3b4658,
  solidEdge: 0x263040,
  solidTop: 0x9fb4c8,
  /** Mortar lines between stone courses, and moss tufts on walkable tops. */
  solidMortar: 0x323c4c,
  moss: 0x6f9e5c,
  wallFill: 0x2a3240,
  plank: 0x8c7f6e,
  plankShade: 0x54493d,
  goal: 0x009e73,
  goalLabel: 0x7fe0c0,
  /** The goal's doorway: stone frame, dark door, warm light inside. */
  goalFrame: 0x6a7a8e,
  goalDoor: 0x10241e,
  goalLight: 0xf2d98a,
  flagPole: 0xd8dee6,
  /** Gems: Okabe-Ito's reddish purple, apart from both players, the goal and the checkpoints. */
  gem: 0xcc79a7,
  gemDark: 0xa4507f,
  gemRim: 0xf6cfe3,
  gemShine: 0xfbe6f1,
  player: [0x0072b2, 0xe69f00] as const,
  playerOutline: [0x003a5c, 0x7a5400] as const,
  anchoredOutline: [0x00111c, 0x2a1c00] as const,
  /** P1's bobble hat and its rim/bobble; P2's hood trim, goggle visor and lenses. */
  p1Hat: 0x00466e,
  p1HatRim: 0xe8f1f8,
  p2Hood: 0xa86f00,
  p2Visor: 0x2a1c00,
  p2Lens: 0xfff3c4,
  eye: 0xffffff,
  pupil: 0x111111,
  stake: 0xc9d1da,
  /** Rope: a core colour and the lighter twist of its strands. Taut rope is pulled pale and tight,
   *  slack rope is darker with loose, wide twists. */
  ropeTaut: 0xc39a5c,
  ropeTautStrand: 0xf4dfae,
  ropeSlack: 0x6e4320,
  ropeSlackStrand: 0xb8793c,
  /** A rope that can snap (it has a breaking tension): worn pale straw with paler loose fibres
   *  sticking out, so it reads as frayed before anyone loads it. */
  ropeFrayed: 0x9c8458,
  ropeFrayedStrand: 0xcdb98a,
  ropeFrayedTuft: 0xeadfc0,
  /** A rope close to its breaking tension: Okabe-Ito vermillion. */
  ropeStrained: 0xd55e00,
  ropeStrainedStrand: 0xffa060,
  /** Wooden crates: lighter and less saturated than P2's orange, with dark boards so shape tells them apart too. */
  crate: 0xa8825a,
  crateBoard: 0x7a5a3a,
  crateEdge: 0x4a3522,
  /** Spiked boxes: a near-black core with yellow spikes (yellow on black reads as danger for every kind of colour vision). */
  spikedCore: 0x26232b,
  spikes: 0xf0e442,
  spikeEdge: 0x6b6300,
  /** Anchor bolts: a steel ring on a dark plate. */
  anchorPlate: 0x1e252f,
  anchorRing: 0xc9d1da,
  label: 0xffffff,
  /** Effects: landing dust, box-bump sparks, the checkpoint flash. */
  dust: 0xd9cdb4,
  spark: 0xfff07a,
  checkpointFlash: 0xe8f6ff,
  /** Checkpoints: Okabe-Ito sky blue once reached, grey before. */
  checkpoint: 0x56b4e9,
  checkpointIdle: 0x8a96a6,
  checkpointLamp: 0xe8f6ff,
  checkpointLampOff: 0x3a4452,
  /** Moving platforms: steel, with a light top edge like solid tiles and a faint line for the path. */
  platform: 0x5d6b80,
  platformTop: 0xc8d4e2,
  platformRivet: 0x2b3442,
  platformPath: 0x4a5566,
} as const;

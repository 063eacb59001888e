// Drawing units. Graphics tessellate circles, rounded corners and curves by their size in local
// units, so shapes drawn in metres (a 0.1 m eye) came out as diamonds and octagons. Everything in
// the scene is drawn in centimetres instead, and the camera scales the scene by zoom / CM_PER_M.

/** Drawing units per metre. */
export const CM_PER_M = 100;

// The umbrella: `import Waymark` gives the PROJ-free core (WaymarkCore) and the PROJ
// layer on top (WaymarkPROJ). Import WaymarkCore alone to ship without PROJ.
@_exported import WaymarkCore
@_exported import WaymarkPROJ

/**
 * A crop the shipped list lacks, as an administrator sends it to `PUT /api/crops/{slug}`: sown indoors from
 * six weeks before the last frost to two before, planted out two to four weeks after it. `en` replaces its
 * English name, which must be unique on the site.
 */
export function yaconCrop(en = "Yacon") {
  return {
    names: { en, fr: "Poire de terre", es: "Yacón", de: "Yacón" },
    botanical: "Smallanthus sonchifolius",
    kind: "vegetable",
    windows: { sowIndoors: [-6, -2], plantOut: [2, 4] },
    daysToMaturity: [180, 210],
    spacingCm: 90,
    warmClimate: "Plant crowns at the start of the rainy season; lift the tubers when the tops die back.",
  };
}

/** A tunable parameter of a catalog model. */
export interface CatalogParameter {
  readonly id: string;
  readonly displayName: string;
  readonly supportedValues: readonly string[];
  readonly catalogDefaultValue: string | null;
}

/** A model of the catalog. */
export interface CatalogModel {
  readonly id: string;
  readonly displayName: string;
  readonly parameters: readonly CatalogParameter[];
  /** The automatic-routing model: it cannot be blocked (400). */
  readonly requiredForRouting?: boolean;
  /** Served by a third party (its usage events carry `serviceTokenFee`). */
  readonly thirdParty: boolean;
}

/** A provider of the catalog. */
export interface CatalogProvider {
  readonly id: string;
  readonly displayName: string;
  readonly models: readonly CatalogModel[];
}

const THINKING: CatalogParameter = {
  id: "thinking",
  displayName: "Thinking",
  supportedValues: ["off", "low", "high"],
  catalogDefaultValue: "low",
};
const REASONING: CatalogParameter = {
  id: "reasoning",
  displayName: "Reasoning effort",
  supportedValues: ["low", "medium", "high"],
  catalogDefaultValue: "medium",
};
const MAX_MODE: CatalogParameter = {
  id: "max-mode",
  displayName: "Max mode",
  supportedValues: ["off", "on"],
  catalogDefaultValue: "off",
};

/**
 * The fake's model catalog (ids are catalog ids, as the spec says; the names are invented). `house/auto`
 * is the automatic-routing model.
 */
export const MODEL_CATALOG: readonly CatalogProvider[] = [
  {
    id: "acme",
    displayName: "Acme AI",
    models: [
      { id: "acme-large", displayName: "Acme Large", parameters: [THINKING, MAX_MODE], thirdParty: true },
      { id: "acme-small", displayName: "Acme Small", parameters: [], thirdParty: true },
    ],
  },
  {
    id: "globex",
    displayName: "Globex",
    models: [{ id: "globex-pro", displayName: "Globex Pro", parameters: [REASONING], thirdParty: true }],
  },
  {
    id: "house",
    displayName: "House models",
    models: [
      { id: "auto", displayName: "Auto", parameters: [], requiredForRouting: true, thirdParty: false },
      { id: "house-fast", displayName: "House Fast", parameters: [], thirdParty: false },
    ],
  },
];

/** A catalog provider by id. */
export function findProvider(providerId: string): CatalogProvider | undefined {
  return MODEL_CATALOG.find((provider) => provider.id === providerId);
}

/** Every model id of the catalog, for usage events. */
export const CATALOG_MODELS: readonly CatalogModel[] = MODEL_CATALOG.flatMap((provider) => provider.models);

import * as v from "valibot";
import {
  arrayOf,
  httpUrl as httpUrlField,
  integerAtLeast,
  oneOf,
  requestObject as openObject,
  pathItem,
  requiredText,
} from "../../core/request-fields.js";
import { maxItems } from "../../core/request-rules.js";
import { base64DecodedLength, isPlainObject } from "../../core/validation.js";
import { AGENT_LIMITS, IMAGE_MIME_TYPES } from "./constants.js";

// Standard and URL-safe alphabets, optional padding; whitespace is tolerated (line-wrapped base64).
const BASE64 = /^[A-Za-z0-9+/_\-\s]*={0,2}\s*$/;
const MIB = 1024 * 1024;

/** An image's pixel size; both sides are integers >= 1. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Image (input)) */
export const ImageDimensionSchema = openObject(
  { width: integerAtLeast("`width`", 1), height: integerAtLeast("`height`", 1) },
  "`dimension`",
);

const ImageDataSchema = v.pipe(
  v.string("[type] `data` must be a base64 string"),
  v.minLength(1, "[min_length] `data` must not be empty"),
  v.check(
    (text) => BASE64.test(text),
    "[base64] `data` must be plain base64 (no `data:…;base64,` prefix); put the type in `mimeType`",
  ),
  // Measured from the length alone: a 15 MiB image is never decoded just to be counted.
  v.check(
    (text) => base64DecodedLength(text) <= AGENT_LIMITS.maxImageBytes,
    (issue) => {
      const bytes = base64DecodedLength(issue.input);
      return `[max_bytes] \`data\` decodes to ${bytes} bytes (${(bytes / MIB).toFixed(2)} MiB); an image may be at most 15 MiB (${AGENT_LIMITS.maxImageBytes} bytes), so shrink it or pass a \`url\``;
    },
  ),
);

/** One prompt image, as base64 `data` + `mimeType`, or as a `url` the service fetches. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Image (input)) */
export const ImageSchema = v.pipe(
  openObject(
    {
      data: v.optional(ImageDataSchema),
      url: v.optional(httpUrlField("`url`")),
      mimeType: v.optional(oneOf(IMAGE_MIME_TYPES, "`mimeType`")),
      dimension: v.optional(ImageDimensionSchema),
    },
    "each image",
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const image: unknown = dataset.value;
    if (!isPlainObject(image)) return;
    const hasData = image.data !== undefined;
    const hasUrl = image.url !== undefined;
    const hasMimeType = image.mimeType !== undefined;
    if (hasData === hasUrl) {
      addIssue({
        message: `[exactly_one_of] an image needs exactly one of \`data\` (base64 bytes) or \`url\`; this one has ${hasData ? "both" : "neither"}`,
      });
    } else if (hasData && !hasMimeType) {
      addIssue({
        message: `[required] an image given as \`data\` needs \`mimeType\` (one of ${IMAGE_MIME_TYPES.join(", ")})`,
        path: [pathItem(image, "mimeType", undefined)],
      });
    } else if (hasUrl && hasMimeType) {
      addIssue({
        message:
          "[exclusive] `mimeType` must be omitted when the image is given as `url`; the service reads the type itself",
        path: [pathItem(image, "mimeType", image.mimeType)],
      });
    }
  }),
);

/** What a run's prompt says: text, plus up to 5 images. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const PromptSchema = openObject(
  {
    text: requiredText("`text`"),
    images: v.optional(v.pipe(arrayOf(ImageSchema, "`images`"), maxItems(AGENT_LIMITS.maxImages, "`images`"))),
  },
  "`prompt`",
);

/** A prompt as the SDK accepts it. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export type PromptParams = v.InferInput<typeof PromptSchema>;

// The product's user-facing messages (validation messages and toasts), word for word as specified. Pure data,
// no Node imports: the client imports this module too, so the browser and the server always agree.
export const messages = {
  required: 'This field is required',
  maxLength45: '45 characters maximum allowed',
  chooseOption: 'Choose an option',
  notValidOption: 'Not a valid option',
  imageType: 'Image must be of type jpeg, jpg, png or webp',
  imageRequired: 'Image is required',
  imageFileName: 'Not a valid image format',
  emailInvalid: 'Not a valid email',
  emailFormat: 'Not a valid email format',
  keywordRequired: 'You need to add a keyword',
  keywordCharacters: 'Letters, numbers, spaces, dashes and underscores allowed',
} as const;

// The Spanish texts of each catalogue screen (spec 02 §2, §8), from the shared nouns so that the
// toasts say exactly what the server's answers say ('Categoría creada', 'Cupón eliminado').
import { NOUNS, recordMessages } from '../domain/admin-areas.ts';
import type { CatalogueArea } from './api.ts';

export interface AreaTexts {
  /** Page title and menu entry: 'Categorías'. */
  title: string;
  /** The create button: 'Nueva categoría'. */
  create: string;
  /** Dialog title when editing: 'Editar categoría'. */
  edit: string;
  messages: ReturnType<typeof recordMessages>;
  loadError: string;
  saveError: string;
  deleteError: string;
  deleteConfirm: string;
  empty: string;
  noMatches: string;
  searchHint: string;
  /** How a record is named in buttons and the delete dialog. */
  recordName: (record: { name?: string; code?: string; label?: string }) => string;
}

const PLURALS: Record<CatalogueArea, { title: string; lower: string; search: string }> = {
  campamentos: { title: 'Campamentos', lower: 'campamentos', search: 'Nombre o código' },
  categorias: { title: 'Categorías', lower: 'categorías', search: 'Nombre o descripción' },
  semanas: { title: 'Semanas', lower: 'semanas', search: 'Nombre, fechas o notas' },
  cupones: { title: 'Cupones', lower: 'cupones', search: 'Código o etiqueta' },
};

export function areaTexts(area: CatalogueArea): AreaTexts {
  const noun = NOUNS[area];
  const plural = PLURALS[area];
  const article = noun.feminine ? 'esta' : 'este';
  return {
    title: plural.title,
    create: `${noun.feminine ? 'Nueva' : 'Nuevo'} ${noun.one}`,
    edit: `Editar ${noun.one}`,
    messages: recordMessages(noun),
    loadError: `Error al cargar ${plural.lower}`,
    saveError: `Error al guardar ${noun.one}`,
    deleteError: `Error al eliminar ${noun.one}`,
    deleteConfirm: `¿Está seguro de eliminar ${article} ${noun.one}?`,
    empty: `Todavía no hay ${plural.lower}.`,
    noMatches: `No se encontraron ${plural.lower} con esos filtros.`,
    searchHint: plural.search,
    recordName: (record) => record.name ?? record.code ?? record.label ?? '',
  };
}
